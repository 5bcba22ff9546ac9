package corpus;

/**
 * A worker starts a helper and hands the Thread object to main through a volatile; main (not the
 * forking thread) joins the helper and reads its result: join orders it whoever forked.
 */
@ExpectRaces({})
public class JoinByOtherThread {
    static volatile Thread helper;
    static int result;

    public static void main(String[] args) throws Exception {
        Thread starter = new Thread(() -> {
            Thread h = new Thread(() -> result = 314, "helper");
            h.start();
            helper = h;
        }, "starter");
        starter.start();
        Thread h;
        while ((h = helper) == null) {
            Thread.onSpinWait();
        }
        h.join();
        System.out.println("result " + result);
        starter.join();
    }
}
