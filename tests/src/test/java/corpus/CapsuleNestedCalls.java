package corpus;

/**
 * Rhodes's dissertation, chapter 5: a capsule's methods call each other on {@code this}. Under {@code staticbf
 * --capsules} the outer activation's check of the location stands for the nested one's when both are in one epoch,
 * but only if it is as strong: a write check covers a nested method's writes, a read check does not. Two threads
 * use each of two unsynchronised capsules:
 * <ul>
 * <li>{@code Tally.record} writes {@code last}, then calls {@code bump()}, which writes {@code count}: both fields
 * race, and the outer write checks show it;</li>
 * <li>{@code Gauge.peekAndBump} only reads {@code seen}, then calls {@code bump()}: {@code count} races although the
 * outer read checks of the two threads do not conflict, so the nested writes must be checked themselves.</li>
 * </ul>
 */
@ExpectRaces({"corpus.CapsuleNestedCalls$Tally.last", "corpus.CapsuleNestedCalls$Tally.count",
        "corpus.CapsuleNestedCalls$Gauge.count"})
public class CapsuleNestedCalls {

    static final class Tally {
        private int last;
        private int count;

        void record(int value) {
            last = value;
            bump();
        }

        private void bump() {
            count++;
        }

        int count() {
            return count;
        }
    }

    static final class Gauge {
        private int seen;
        private int count;

        int peekAndBump() {
            int s = seen;
            bump();
            return s;
        }

        private void bump() {
            count++;
        }

        int count() {
            return count;
        }
    }

    public static void main(String[] args) throws Exception {
        Tally tally = new Tally();
        Gauge gauge = new Gauge();
        Thread[] workers = new Thread[2];
        for (int t = 0; t < workers.length; t++) {
            workers[t] = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    tally.record(i);
                    gauge.peekAndBump();
                }
            });
            workers[t].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        System.out.println("counts " + tally.count() + " " + gauge.count());
    }
}
