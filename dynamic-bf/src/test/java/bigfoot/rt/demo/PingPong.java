package bigfoot.rt.demo;

import bigfoot.rt.FieldShadow;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Two threads take turns writing {@code count}, three turns each, written by hand the way StaticBF rewrites it except
 * that the turns pass through an AtomicInteger the runtime is not told about: to the detector every turn races with
 * the one before, so each race occurs again and the report shows its previous access's callers too.
 */
public final class PingPong {

    static final int __bf$sb;
    static final FieldShadow __bf$u$count;

    static {
        ThreadState ts = RT.thread();
        __bf$sb = RT.registerSites("bigfoot.rt.demo.PingPong\tPingPong.java\n"
                + "ping\t7\t34\tw\tbigfoot.rt.demo.PingPong.count\npong\t7\t39\tw\tbigfoot.rt.demo.PingPong.count");
        __bf$u$count = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(PingPong.class, "__bf$w$count"),
                AtomicLongFieldUpdater.newUpdater(PingPong.class, "__bf$r$count"),
                AtomicReferenceFieldUpdater.newUpdater(PingPong.class, VarState.class, "__bf$s$count"));
        RT.classInitialized(PingPong.class, ts);
    }

    int count;
    volatile transient VarState __bf$s$count;
    volatile transient long __bf$w$count;
    volatile transient long __bf$r$count;
    private final AtomicInteger turn = new AtomicInteger();

    void ping(ThreadState ts) {
        RT.writeField(this, __bf$w$count, __bf$u$count, ts, __bf$sb);
        count++;
    }

    void pong(ThreadState ts) {
        RT.writeField(this, __bf$w$count, __bf$u$count, ts, __bf$sb + 1);
        count++;
    }

    void pinger() {
        ThreadState ts = RT.thread();
        for (int i = 0; i < 3; i++) {
            awaitTurn(0);
            ping(ts);
            turn.set(1);
        }
    }

    void ponger() {
        ThreadState ts = RT.thread();
        for (int i = 0; i < 3; i++) {
            awaitTurn(1);
            pong(ts);
            turn.set(0);
        }
    }

    private void awaitTurn(int me) {
        while (turn.get() != me) {
            Thread.onSpinWait();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadState ts = RT.thread();
        PingPong game = new PingPong();
        Thread a = new Thread(game::pinger, "pinger");
        Thread b = new Thread(game::ponger, "ponger");
        RT.fork(a, ts);
        a.start();
        RT.fork(b, ts);
        b.start();
        a.join();
        RT.join(a, ts);
        b.join();
        RT.join(b, ts);
    }
}
