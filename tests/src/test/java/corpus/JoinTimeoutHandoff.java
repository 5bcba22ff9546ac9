package corpus;

/** join(long) that returns after the child terminated orders the child's writes before the parent's reads. */
@ExpectRaces({})
public class JoinTimeoutHandoff {
    int result;

    public static void main(String[] args) throws Exception {
        JoinTimeoutHandoff h = new JoinTimeoutHandoff();
        Thread child = new Thread(() -> h.result = 6 * 7, "child");
        child.start();
        child.join(120_000);
        if (child.getState() != Thread.State.TERMINATED) { // not isAlive(): that is an HB event of its own
            throw new IllegalStateException("child did not finish");
        }
        System.out.println("result " + h.result);
    }
}
