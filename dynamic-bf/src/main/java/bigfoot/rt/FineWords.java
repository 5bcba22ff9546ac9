package bigfoot.rt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The FINE representation of an array shadow: one location per element, each held in two {@link ShadowWord}s
 * of one primitive array (element i's W at {@code 2i}, its R at {@code 2i + 1}), so a fresh element costs no
 * object and a change of state is one CAS ({@link FastTrack#check(ThreadState, FineWords, int, boolean, int)}).
 * An element whose state needs a vector clock (READ SHARE), which raced, whose epoch or site does not fit in a
 * word, or that the placement verifier watches is INFLATED, for good, to an {@link ArrayVarState} that FastTrack
 * runs under its monitor as before.
 *
 * <p>Freezing R before W keeps one invariant the word rules rely on: W is INFLATED only if R is.
 */
final class FineWords {

    static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final Class<?> arrayType;
    final long[] words;
    /** Shadow bytes made (the shadow-memory count of {@link ArrayShadow}). */
    private final LongAdder made;
    /** Inflated elements' states, made with the first one; an element's is set once it is filled. */
    private volatile AtomicReferenceArray<ArrayVarState> inflated;

    /** Every element fresh ({@link ShadowWord#NONE}). */
    FineWords(Class<?> arrayType, int length, LongAdder made) {
        this.arrayType = arrayType;
        this.words = new long[2 * length];
        this.made = made;
        made.add(ArrayShadow.wordBytes(length));
    }

    int length() {
        return words.length / 2;
    }

    /**
     * Element i starts as a copy of {@code from}'s whole state (the segment it was in when its array went FINE):
     * in words if they can hold it, else inflated. Only before this shadow is published.
     */
    void startAs(int i, VarState from) {
        long w = ShadowWord.compact(from.w);
        long r = from.r == Epoch.SHARED ? ShadowWord.NO_WORD : ShadowWord.compact(from.r);
        if (w != ShadowWord.NO_WORD && r != ShadowWord.NO_WORD && ShadowWord.fits(from.writeSite)
                && ShadowWord.fits(from.readSite)) {
            words[2 * i] = ShadowWord.of(w, from.writeSite);
            words[2 * i + 1] = ShadowWord.of(r, from.readSite);
            return;
        }
        ArrayVarState s = newState(i);
        s.copyStateOf(from);
        words[2 * i] = ShadowWord.INFLATED;
        words[2 * i + 1] = ShadowWord.INFLATED;
        table().set(i, s);
    }

    /** True if element i's state lives in a VarState ({@link #inflatedState}). */
    boolean isInflated(int i) {
        return words[2 * i + 1] == ShadowWord.INFLATED;
    }

    /**
     * The state of element i, whose R word is INFLATED: a thread that finds the word so before the inflating thread
     * has published the state waits for it (inflation is a few instructions, once per element).
     */
    ArrayVarState inflatedState(int i) {
        AtomicReferenceArray<ArrayVarState> t = table();
        ArrayVarState s;
        for (int spins = 0; (s = t.get(i)) == null; spins++) {
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return s;
    }

    /**
     * INFLATE element i: the thread whose CAS sets R to INFLATED freezes W the same way (a word operation in flight
     * fails its CAS and starts again, then finds the element inflated), fills a fresh state with both words' epochs
     * and sites, and publishes it; anyone else waits for that state.
     */
    ArrayVarState inflate(int i) {
        int k = 2 * i + 1;
        while (true) {
            long r = (long) WORDS.getVolatile(words, k);
            if (r == ShadowWord.INFLATED) {
                return inflatedState(i);
            }
            if (WORDS.compareAndSet(words, k, r, ShadowWord.INFLATED)) {
                long w = freeze(2 * i);
                ArrayVarState s = newState(i);
                s.w = ShadowWord.epoch(w);
                s.writeSite = ShadowWord.site(w);
                s.r = ShadowWord.epoch(r);
                s.readSite = ShadowWord.site(r);
                table().set(i, s);
                return s;
            }
        }
    }

    /** Sets word k to INFLATED; returns what it held. */
    private long freeze(int k) {
        while (true) {
            long v = (long) WORDS.getVolatile(words, k);
            if (WORDS.compareAndSet(words, k, v, ShadowWord.INFLATED)) {
                return v;
            }
        }
    }

    private ArrayVarState newState(int i) {
        made.add(ArrayShadow.STATE_BYTES);
        return new ArrayVarState(arrayType, i, i + 1, 1);
    }

    private AtomicReferenceArray<ArrayVarState> table() {
        AtomicReferenceArray<ArrayVarState> t = inflated;
        if (t == null) {
            synchronized (this) {
                t = inflated;
                if (t == null) {
                    inflated = t = new AtomicReferenceArray<>(length());
                }
            }
        }
        return t;
    }

    /** Elements with a state: touched words and inflated states. */
    int states() {
        int n = 0;
        for (int i = 0; i < words.length; i += 2) {
            n += words[i] != ShadowWord.NONE || words[i + 1] != ShadowWord.NONE ? 1 : 0;
        }
        return n;
    }
}
