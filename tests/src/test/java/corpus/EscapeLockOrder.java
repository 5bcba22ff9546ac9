package corpus;

/**
 * Rhodes's dissertation, chapter 4, Fig 4.1: thread 1 writes {@code f} of an object it has not published yet, under
 * the object's own lock, then publishes it by a racy write; thread 2 waits for it and reads {@code f} under the same
 * lock. Only the publication races: the lock orders the accesses to {@code f}. A detector that dropped the lock
 * events of an object that had not escaped yet would report a race on {@code f} that does not exist, which is why
 * acquires, releases and forks are never filtered.
 */
@ExpectRaces({"corpus.EscapeLockOrder.published"})
public class EscapeLockOrder {
    static Ref published;

    static final class Ref {
        int f;
    }

    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> {
            Ref r0 = new Ref();
            synchronized (r0) {
                r0.f = 11;
                r0.f = 12;
            }
            published = r0;
        });
        int[] seen = new int[1];
        Thread reader = new Thread(() -> {
            Ref r1;
            do {
                r1 = published;
                Thread.yield();
            } while (r1 == null);
            synchronized (r1) {
                seen[0] = r1.f;
            }
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("f " + seen[0]);
    }
}
