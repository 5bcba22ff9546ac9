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
 */
final class FineWords extends WordStore {

    static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final Class<?> arrayType;
    final long[] words;
    /** Shadow bytes made (the shadow-memory count of {@link ArrayShadow}). */
    private final LongAdder made;
    /** Inflated elements' states, made with the first one; an element's is set once it is filled. */
    private volatile AtomicReferenceArray<ArrayVarState> states;

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

    @Override
    long word(Object unused, int i, boolean write) {
        return (long) WORDS.getVolatile(words, 2 * i + (write ? 0 : 1));
    }

    @Override
    boolean cas(Object unused, int i, boolean write, long expected, long update) {
        return WORDS.compareAndSet(words, 2 * i + (write ? 0 : 1), expected, update);
    }

    /**
     * A thread that finds R INFLATED before the inflating thread has published the state waits for it (inflation
     * is a few instructions, once per element).
     */
    @Override
    ArrayVarState inflated(Object unused, int i) {
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

    /** INFLATE: the thread whose CAS sets R to INFLATED freezes W, fills a fresh state and publishes it. */
    @Override
    ArrayVarState inflate(Object unused, int i) {
        while (true) {
            long r = word(null, i, false);
            if (r == ShadowWord.INFLATED) {
                return inflated(null, i);
            }
            if (cas(null, i, false, r, ShadowWord.INFLATED)) {
                long w = freeze(null, i, true);
                ArrayVarState s = newState(i);
                fill(s, w, r);
                table().set(i, s);
                return s;
            }
        }
    }

    private ArrayVarState newState(int i) {
        made.add(ArrayShadow.STATE_BYTES);
        return new ArrayVarState(arrayType, i, i + 1, 1);
    }

    private AtomicReferenceArray<ArrayVarState> table() {
        AtomicReferenceArray<ArrayVarState> t = states;
        if (t == null) {
            synchronized (this) {
                t = states;
                if (t == null) {
                    states = t = new AtomicReferenceArray<>(length());
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
