package bigfoot.rt.demo;

import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Two workers write {@code count} without synchronisation, written by hand the way StaticBF rewrites it
 * (site table registered in {@code <clinit>}, a lazily made shadow field and its updater, fork/join
 * events). With the argument {@code crash}, main then dies of an uncaught exception.
 */
public final class RacyCounter implements Runnable {

    static final int __bf$sb;
    static final AtomicReferenceFieldUpdater<RacyCounter, VarState> __bf$u$count;

    static {
        ThreadState ts = RT.thread();
        __bf$sb = RT.registerSites("bigfoot.rt.demo.RacyCounter\tRacyCounter.java\nrun\t7\t14\tw\tbigfoot.rt.demo.RacyCounter.count");
        __bf$u$count = AtomicReferenceFieldUpdater.newUpdater(RacyCounter.class, VarState.class, "__bf$count");
        RT.classInitialized(RacyCounter.class, ts);
    }

    int count;
    volatile transient VarState __bf$count;

    @Override
    public void run() {
        ThreadState ts = RT.thread();
        for (int i = 0; i < 1000; i++) {
            RT.writeField(this, __bf$count, __bf$u$count, ts, __bf$sb);
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
