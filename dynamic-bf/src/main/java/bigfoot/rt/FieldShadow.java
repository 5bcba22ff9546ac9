package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The shadow of one instance field (or proxy group, or capsule location) of a rewritten class, one per class in a
 * static field ({@code __bf$u$f}, made in {@code <clinit>}): updaters of the fields the rewriter added to each object,
 * its two shadow words {@code __bf$w$f} and {@code __bf$r$f} ({@link WordStore}; none for a volatile field) and its VarState
 * {@code __bf$s$f} (an inflated field's state; a volatile field's synchronisation clock). A fresh object's field
 * costs no allocation: its words start as {@link ShadowWord#NONE}.
 *
 * <p>Clones: {@code Object.clone()} copies the added fields too. A clone's words start as its original's (the
 * history the clone copied along with the values); a clone must not share its original's VarState, so a VarState
 * remembers its object and a clone whose field is inflated, or whose words were copied inflated, gets a fresh one.
 */
public final class FieldShadow extends WordStore {

    private final AtomicLongFieldUpdater<Object> w;
    private final AtomicLongFieldUpdater<Object> r;
    private final AtomicReferenceFieldUpdater<Object, VarState> state;
    /** The capsule class, if this is a capsule's location (all its own fields as one); else null. */
    final String capsule;

    /** {@code w} and {@code r} are null for a volatile field (it has no words). */
    FieldShadow(AtomicLongFieldUpdater<Object> w, AtomicLongFieldUpdater<Object> r,
            AtomicReferenceFieldUpdater<Object, VarState> state, String capsule) {
        this.w = w;
        this.r = r;
        this.state = state;
        this.capsule = capsule;
    }

    /** True if the field keeps its state in words (it is not volatile). */
    boolean hasWords() {
        return w != null;
    }

    @Override
    long word(Object obj, int unused, boolean write) {
        return (write ? w : r).get(obj);
    }

    @Override
    boolean cas(Object obj, int unused, boolean write, long expected, long update) {
        return (write ? w : r).compareAndSet(obj, expected, update);
    }

    /** A release store of a word no other thread can reach yet ({@link FastTrack#checkFreshWords}). */
    void release(Object obj, boolean write, long update) {
        (write ? w : r).lazySet(obj, update);
    }

    /**
     * The field's VarState, installed by CAS if it has none of its own yet (null: never needed; another object's:
     * obj is a clone). If another thread installs first, its state is used.
     */
    VarState stateOf(Object obj) {
        VarState s = state.get(obj);
        while (!owns(obj, s)) {
            VarState fresh = new FieldVarState(obj, capsule);
            if (state.compareAndSet(obj, s, fresh)) {
                return fresh;
            }
            s = state.get(obj);
        }
        return s;
    }

    /**
     * INFLATE: a fresh state is published (locked by its maker, so that FastTrack's slow paths, which take its monitor,
     * wait until it is filled, and its fast paths, which compare with W and R, never match a fresh state); then R and W
     * are frozen and their epochs and sites copied in. Words a clone copied inflated leave the fresh state empty.
     */
    @Override
    VarState inflate(Object obj, int unused) {
        while (true) {
            VarState seen = state.get(obj);
            if (owns(obj, seen)) {
                return seen;
            }
            FieldVarState fresh = new FieldVarState(obj, capsule);
            synchronized (fresh) {
                if (state.compareAndSet(obj, seen, fresh)) {
                    long rw = freeze(obj, 0, false);
                    long ww = freeze(obj, 0, true);
                    fill(fresh, ww, rw);
                    return fresh;
                }
            }
        }
    }

    /**
     * Published before the words are frozen, so found at once, unless obj is a clone that copied frozen words. The
     * test of its own state is kept small enough to inline: every check of a read-shared field comes here.
     */
    @Override
    VarState inflated(Object obj, int unused) {
        VarState s = state.get(obj);
        return owns(obj, s) ? s : inflate(obj, 0);
    }

    /** True if {@code s}, read from obj's state field, is obj's own (not null, nor the original's copied by a clone). */
    private static boolean owns(Object obj, VarState s) {
        return s != null && ((FieldVarState) s).owner == obj;
    }
}
