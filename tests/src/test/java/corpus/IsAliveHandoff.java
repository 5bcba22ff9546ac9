package corpus;

/** The parent polls isAlive() until it returns false: a terminated thread's writes happen-before that observation. */
@ExpectRaces({})
public class IsAliveHandoff {
    static long result;

    public static void main(String[] args) {
        Thread child = new Thread(() -> result = 1234567890123L, "child");
        child.start();
        while (child.isAlive()) {
            Thread.onSpinWait();
        }
        System.out.println("result " + result);
    }
}
