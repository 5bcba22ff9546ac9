package corpus;

/** A child forks and joins a grandchild; the parent joins the child: the grandchild's write is ordered before the parent's read. */
@ExpectRaces({})
public class NestedForkJoin {
    static int value;

    public static void main(String[] args) throws Exception {
        Thread child = new Thread(() -> {
            Thread grandchild = new Thread(() -> value = 99, "grandchild");
            grandchild.start();
            try {
                grandchild.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            value++;
        }, "child");
        child.start();
        child.join();
        System.out.println("value " + value);
    }
}
