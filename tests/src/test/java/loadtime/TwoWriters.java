package loadtime;

/**
 * Two threads increment one {@link Tally} without synchronisation (the threads are started by rewritten code). The
 * count itself is not printed: the race may lose an update, so it is 1 or 2.
 */
public class TwoWriters {

    public static void main(String[] args) throws Exception {
        Tally tally = new Tally();
        Thread a = new Thread(tally::add, "writer-a");
        Thread b = new Thread(tally::add, "writer-b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
