package bigfoot.rt.demo;

import bigfoot.rt.FieldShadow;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Two workers write {@code count} without synchronisation, written by hand the way StaticBF rewrites it
 * (site table registered in {@code <clinit>}, shadow words, a VarState made when inflated and the FieldShadow, fork/join
 * events). With the argument {@code crash}, main then dies of an uncaught exception.
 */
public final class RacyCounter implements Runnable {

    static final int __bf$sb;
    static final FieldShadow __bf$u$count;

    static {
        ThreadState ts = RT.thread();
        __bf$sb = RT.registerSites("bigfoot.rt.demo.RacyCounter\tRacyCounter.java\nrun\t7\t14\tw\tbigfoot.rt.demo.RacyCounter.count");
        __bf$u$count = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(RacyCounter.class, "__bf$w$count"),
                AtomicLongFieldUpdater.newUpdater(RacyCounter.class, "__bf$r$count"),
                AtomicReferenceFieldUpdater.newUpdater(RacyCounter.class, VarState.class, "__bf$s$count"));
        RT.classInitialized(RacyCounter.class, ts);
    }

    int count;
    volatile transient VarState __bf$s$count;
    volatile transient long __bf$w$count;
    volatile transient long __bf$r$count;

    @Override
    public void run() {
        ThreadState ts = RT.thread();
        for (int i = 0; i < 1000; i++) {
            RT.writeField(this, __bf$w$count, __bf$u$count, ts, __bf$sb);
            count = i;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadState ts = RT.thread();
        RacyCounter counter = new RacyCounter();
        Thread a = new Thread(counter, "worker-1");
        Thread b = new Thread(counter, "worker-2");
        RT.fork(a, ts);
        a.start();
        RT.fork(b, ts);
        b.start();
        a.join();
        RT.join(a, ts);
        b.join();
        RT.join(b, ts);
        if (args.length > 0 && args[0].equals("crash")) {
            throw new IllegalStateException("boom");
        }
    }
}
