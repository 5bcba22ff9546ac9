package bigfoot.rt.demo;

import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * A faulty rewrite: a check passes an updater of another class, so the runtime fails internally. The
 * program must run on unaffected (the runtime disables itself with one warning).
 */
public final class BrokenRewrite {

    volatile transient VarState __bf$x;
    static final AtomicReferenceFieldUpdater<BrokenRewrite, VarState> WRONG =
            AtomicReferenceFieldUpdater.newUpdater(BrokenRewrite.class, VarState.class, "__bf$x");

    public static void main(String[] args) {
        ThreadState ts = RT.thread();
        Object notABrokenRewrite = new Object();
        RT.readField(notABrokenRewrite, null, WRONG, ts, 0);
        RT.writeField(notABrokenRewrite, null, WRONG, ts, 0);
        System.out.println("still running");
    }
}
