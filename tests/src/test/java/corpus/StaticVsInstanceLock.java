package corpus;

/** A static synchronized method and an instance synchronized method guard the same static with different monitors. */
@ExpectRaces("corpus.StaticVsInstanceLock.count")
public class StaticVsInstanceLock {
    static int count;

    static synchronized void viaClass() {
        count++;
    }

    synchronized void viaInstance() {
        count++;
    }

    public static void main(String[] args) throws Exception {
        StaticVsInstanceLock s = new StaticVsInstanceLock();
        Threads.run(StaticVsInstanceLock::viaClass, s::viaInstance);
        System.out.println("count " + count);
    }
}
