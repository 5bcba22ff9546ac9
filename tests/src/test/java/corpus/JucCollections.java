package corpus;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Objects handed over through a BlockingQueue and a ConcurrentHashMap (filled in before the put, read after the
 * take or get that returns them: ordered); the producer's write to a message after handing it over races.
 */
@ExpectRaces({"corpus.JucCollections$Message.late"})
public class JucCollections {

    static final class Message {
        int body;
        int late;
    }

    public static void main(String[] args) throws Exception {
        BlockingQueue<Message> queue = new LinkedBlockingQueue<>();
        Map<String, Message> byName = new ConcurrentHashMap<>();
        int[] seen = new int[3];
        Threads.run(() -> {
            Message m = new Message();
            m.body = 42;
            queue.add(m);
            m.late = 1;
            Message n = new Message();
            n.body = 7;
            byName.put("n", n);
        }, () -> {
            try {
                Message m = queue.take();
                seen[0] = m.body;
                seen[1] = m.late;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Message n;
            while ((n = byName.get("n")) == null) {
                Thread.onSpinWait();
            }
            seen[2] = n.body;
        });
        System.out.println(seen[0] + " " + seen[1] + " " + seen[2]);
    }
}
