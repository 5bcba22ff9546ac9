package bigfoot.rt;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * The shadow of a capsule class (the BigFoot dissertation, chapter 5: a class whose fields only its own methods touch,
 * on {@code this}, and whose method activations on one object are totally ordered by happens-before). One per class,
 * in a static field ({@code __bf$c}, made in {@code <clinit>}); it replaces the per-field shadows of the class's
 * instance fields with one word per object, {@code __bf$cap}, which this updates.
 *
 * <p>The word: {@link ShadowWord#NONE} before the object's first activation; while an activation is inside the
 * object, OCCUPIED: its thread's tid, the clock {@link ShadowWord#CLOCK_BITS} (which no exit word has) and the site of
 * its first field access; after it, the epoch of its exit with that site; or {@link ShadowWord#INFLATED} once a
 * thread whose tid or clock does not fit in a word touched the object ({@link CapsuleState} then holds it).
 *
 * <p>[CapMethod], checked lazily at an activation's first field access ({@link #enter}): the object must be free
 * (no other thread inside) and its last exit must happen before the current thread's time. A failure is a capsule
 * violation: reported with both activations' sites, after which the current activation takes the object over.
 * [ExitCap] ({@link #exit}) stores the exit epoch. Both are one CAS; a nested activation by the thread already
 * inside costs none.
 */
public final class CapsuleShadow {

    /** What {@link #enter} returns: the activation entered the object and must {@link #exit} it. */
    static final int ENTERED = 1;
    /** What {@link #enter} returns: the thread was already inside (or detection is off); exit does nothing. */
    static final int NESTED = 2;

    private final AtomicLongFieldUpdater<Object> word;
    final String className;
    private final CapsuleRegistry registry;

    CapsuleShadow(AtomicLongFieldUpdater<Object> word, String className, CapsuleRegistry registry) {
        this.word = word;
        this.className = className;
        this.registry = registry;
    }

    CapsuleRegistry registry() {
        return registry;
    }

    static boolean occupied(long w) {
        return (w & ShadowWord.CLOCK_BITS) == ShadowWord.CLOCK_BITS;
    }

    /** The word of {@code ts}'s activation inside the object, or {@link ShadowWord#NO_WORD} if ts's tid does not fit. */
    private static long occupiedWord(ThreadState ts, int site) {
        long inside = ShadowWord.compact(Epoch.make(ts.tid, ShadowWord.CLOCK_BITS));
        return inside == ShadowWord.NO_WORD ? inside : ShadowWord.of(inside, ShadowWord.fits(site) ? site : -1);
    }

    /** [CapMethod] at the first field access of an activation of {@code obj}'s class's methods on obj. */
    int enter(Object obj, ThreadState ts, int site) {
        while (true) {
            long w = word.get(obj);
            if (w == ShadowWord.INFLATED) {
                return registry.inflated(obj, this).enter(this, ts, site);
            }
            if (occupied(w)) {
                if (ShadowWord.tid(w) == ts.tid) {
                    return NESTED;
                }
                registry.violation(this, CapsuleViolation.Kind.CONCURRENT, ShadowWord.epoch(w), ShadowWord.site(w),
                        ts, site);
            } else if (w != ShadowWord.NONE && !ShadowWord.ordered(w, ts)) {
                registry.violation(this, CapsuleViolation.Kind.UNORDERED, ShadowWord.epoch(w), ShadowWord.site(w),
                        ts, site);
            }
            long inside = occupiedWord(ts, site);
            if (inside == ShadowWord.NO_WORD) {
                registry.inflate(obj, this);
            } else if (word.compareAndSet(obj, w, inside)) {
                return ENTERED;
            }
        }
    }

    /**
     * [ExitCap] of an activation that {@link #enter}ed: the exit epoch, with the site of the activation's first
     * access. If another thread took the object over meanwhile, its enter reported the violation; the word is its.
     */
    void exit(Object obj, ThreadState ts) {
        while (true) {
            long w = word.get(obj);
            if (w == ShadowWord.INFLATED) {
                registry.inflated(obj, this).exit(ts);
                return;
            }
            if (!occupied(w) || ShadowWord.tid(w) != ts.tid) {
                return;
            }
            if (ts.wordEpoch == ShadowWord.NO_WORD || occupied(ts.wordEpoch)) { // not a word, or one that reads OCCUPIED
                registry.inflate(obj, this);
            } else if (word.compareAndSet(obj, w, ShadowWord.of(ts.wordEpoch, ShadowWord.site(w)))) {
                return;
            }
        }
    }

    /** The current word, replaced by {@link ShadowWord#INFLATED} if it still is {@code expected}. */
    boolean freeze(Object obj, long expected) {
        return word.compareAndSet(obj, expected, ShadowWord.INFLATED);
    }

    long word(Object obj) {
        return word.get(obj);
    }
}
