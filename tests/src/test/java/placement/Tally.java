package placement;

/** A worker writes a field, main reads it after join: race free. PlacementBugsTest drops the worker's check. */
public class Tally {

    int count;

    public static void main(String[] args) throws InterruptedException {
        Tally t = new Tally();
        Thread worker = new Thread(() -> {
            t.count = 1; // line 11: PlacementBugsTest expects the uncovered access here
        }, "worker");
        worker.start();
        worker.join();
        System.out.println(t.count);
    }
}
