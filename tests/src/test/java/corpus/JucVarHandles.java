package corpus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Publication through a VarHandle (setRelease, then getAcquire: ordered) and a ticket counter taken with
 * getAndAdd; each thread writes {@code beforeTicket} before taking its ticket, so neither write is ordered with the
 * other's. The flag and the counter are accessed only through their VarHandles.
 */
@ExpectRaces({"corpus.JucVarHandles.beforeTicket"})
public class JucVarHandles {
    private static final VarHandle READY;
    private static final VarHandle TICKETS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            READY = lookup.findVarHandle(JucVarHandles.class, "ready", boolean.class);
            TICKETS = lookup.findVarHandle(JucVarHandles.class, "tickets", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int data;
    int beforeTicket;
    boolean ready;
    int tickets;

    public static void main(String[] args) throws Exception {
        JucVarHandles s = new JucVarHandles();
        int[] seen = new int[1];
        Threads.run(() -> {
            s.beforeTicket = 1;
            TICKETS.getAndAdd(s, 1);
            s.data = 42;
            READY.setRelease(s, true);
        }, () -> {
            s.beforeTicket = 2;
            TICKETS.getAndAdd(s, 1);
            while (!(boolean) READY.getAcquire(s)) {
                Thread.onSpinWait();
            }
            seen[0] = s.data;
        });
        System.out.println(seen[0] + " " + (int) TICKETS.getVolatile(s));
    }
}
