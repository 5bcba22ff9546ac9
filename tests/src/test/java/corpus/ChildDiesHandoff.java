package corpus;

/** A child writes its result and then dies with an uncaught exception; joining it still orders the write before the parent's read. */
@ExpectRaces({})
public class ChildDiesHandoff {
    static int result;

    public static void main(String[] args) throws Exception {
        Thread child = new Thread(() -> {
            result = 17;
            throw new IllegalStateException("child dies on purpose");
        }, "doomed");
        child.start();
        child.join();
        System.out.println("result " + result);
    }
}
