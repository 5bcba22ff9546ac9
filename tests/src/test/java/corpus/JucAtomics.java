package corpus;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publication through an AtomicBoolean (set is a volatile write, get a volatile read) and a ticket counter; each
 * thread writes {@code beforeTicket} before taking its ticket, so neither write is ordered with the other's.
 */
@ExpectRaces({"corpus.JucAtomics.beforeTicket"})
public class JucAtomics {
    int data;
    int beforeTicket;

    public static void main(String[] args) throws Exception {
        JucAtomics s = new JucAtomics();
        AtomicBoolean ready = new AtomicBoolean();
        AtomicInteger tickets = new AtomicInteger();
        int[] seen = new int[1];
        Threads.run(() -> {
            s.beforeTicket = 1;
            tickets.incrementAndGet();
            s.data = 42;
            ready.set(true);
        }, () -> {
            s.beforeTicket = 2;
            tickets.incrementAndGet();
            while (!ready.get()) {
                Thread.onSpinWait();
            }
            seen[0] = s.data;
        });
        System.out.println(seen[0] + " " + tickets.get());
    }
}
