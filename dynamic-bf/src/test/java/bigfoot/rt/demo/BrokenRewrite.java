package bigfoot.rt.demo;

import bigfoot.rt.FieldShadow;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * A faulty rewrite: a check passes the field shadow of another class, so the runtime fails internally. The
 * program must run on unaffected (the runtime disables itself with one warning).
 */
public final class BrokenRewrite {

    volatile transient VarState __bf$s$x;
    volatile transient long __bf$w$x;
    volatile transient long __bf$r$x;
    static final FieldShadow WRONG = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(BrokenRewrite.class, "__bf$w$x"),
            AtomicLongFieldUpdater.newUpdater(BrokenRewrite.class, "__bf$r$x"),
            AtomicReferenceFieldUpdater.newUpdater(BrokenRewrite.class, VarState.class, "__bf$s$x"));

    public static void main(String[] args) {
        ThreadState ts = RT.thread();
        Object notABrokenRewrite = new Object();
        RT.readField(notABrokenRewrite, 0L, WRONG, ts, 0);
        RT.writeField(notABrokenRewrite, 0L, WRONG, ts, 0);
        System.out.println("still running");
    }
}
