package bigfoot.rt.demo;

import bigfoot.rt.FieldShadow;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * A race-free program, hand-rewritten: workers increment {@code count} under a lock and read a static
 * initialised by whichever worker first touches {@link Limit} (ordered by class initialisation only);
 * main reads the total after joining them. Prints the total.
 */
public final class SafeCounter implements Runnable {

    static final int __bf$sb;
    static final FieldShadow __bf$u$count;

    static {
        ThreadState ts = RT.thread();
        __bf$sb = RT.registerSites("bigfoot.rt.demo.SafeCounter\tSafeCounter.java"
                + "\nrun\t12\t40\tr\tbigfoot.rt.demo.SafeCounter.count"
                + "\nrun\t17\t40\tw\tbigfoot.rt.demo.SafeCounter.count"
                + "\nmain\t60\t55\tr\tbigfoot.rt.demo.SafeCounter.count");
        __bf$u$count = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(SafeCounter.class, "__bf$w$count"),
                AtomicLongFieldUpdater.newUpdater(SafeCounter.class, "__bf$r$count"),
                AtomicReferenceFieldUpdater.newUpdater(SafeCounter.class, VarState.class, "__bf$s$count"));
        RT.classInitialized(SafeCounter.class, ts);
    }

    /** Initialised by a worker thread: its static is ordered before other workers' reads by class init alone. */
    static final class Limit {
        static final int __bf$sb;
        static final VarState __bf$value;
        static int value;

        static {
            ThreadState ts = RT.thread();
            __bf$sb = RT.registerSites("bigfoot.rt.demo.SafeCounter$Limit\tSafeCounter.java"
                    + "\n<clinit>\t20\t30\tw\tbigfoot.rt.demo.SafeCounter$Limit.value"
                    + "\nget\t0\t33\tr\tbigfoot.rt.demo.SafeCounter$Limit.value");
            __bf$value = RT.staticShadow(Limit.class);
            RT.writeStatic(__bf$value, ts, __bf$sb);
            value = 500;
            RT.classInitialized(Limit.class, ts);
        }

        static int get() {
            ThreadState ts = RT.thread();
            RT.readStatic(__bf$value, ts, __bf$sb + 1);
            return value;
        }
    }

    private final Object lock = new Object();
    int count;
    volatile transient VarState __bf$s$count;
    volatile transient long __bf$w$count;
    volatile transient long __bf$r$count;

    @Override
    public void run() {
        ThreadState ts = RT.thread();
        int limit = Limit.get();
        for (int i = 0; i < limit; i++) {
            synchronized (lock) {
                RT.acquire(lock, ts);
                RT.readField(this, __bf$r$count, __bf$u$count, ts, __bf$sb);
                int c = count;
                RT.writeField(this, __bf$w$count, __bf$u$count, ts, __bf$sb + 1);
                count = c + 1;
                RT.release(lock, ts);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadState ts = RT.thread();
        SafeCounter counter = new SafeCounter();
        Thread[] workers = {new Thread(counter, "worker-1"), new Thread(counter, "worker-2")};
        for (Thread w : workers) {
            RT.fork(w, ts);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
            RT.join(w, ts);
        }
        RT.readField(counter, counter.__bf$r$count, __bf$u$count, ts, __bf$sb + 2);
        System.out.println("total " + counter.count);
    }
}
