package bigfoot.rt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

/**
 * The FINE representation of an array shadow: one location per element, each held in two {@link ShadowWord}s
 * (element i's W, then its R), so a fresh element costs no object and a change of state is one CAS
 * ({@link FastTrack#checkFine}). An element whose state needs a vector clock
 * (READ SHARE), which raced, whose epoch or site does not fit in a word, or that the placement verifier watches is
 * INFLATED, for good, to an {@link ArrayVarState} that FastTrack runs under its monitor as before.
 *
 * <p>Two layouts. FLAT: one {@code long[]} of every element's words, made at once (shadows born FINE: every
 * {@code arrays=fine} shadow, SMALL arrays; and shadows that went FINE with fewer than
 * {@link ArrayShadow.Bounds#pagedFrom} elements). PAGED: the words of a larger shadow that went FINE from COARSE or
 * SEGMENTS come in pages of {@link ArrayShadow.Bounds#pageLength} elements, each made at the first check of one of
 * its elements, its elements starting as copies of the states they had when the shadow went FINE ({@code start},
 * frozen from then on). A large array that goes FINE because of a few hot or scattered elements (xalan's
 * 8,192-slot tables, of which a dozen slots are used) so keeps words only where it is checked, and going FINE copies
 * nothing. A page is published by one CAS of its slot; a thread that loses the race uses the winner's page.
 */
final class FineWords extends WordStore {

    static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle PAGES = MethodHandles.arrayElementVarHandle(long[][].class);
    private static final VarHandle STATES = MethodHandles.arrayElementVarHandle(ArrayVarState[].class);

    private final Class<?> arrayType;
    private final int length;
    /** FLAT: element i's W at {@code 2i}, its R at {@code 2i + 1}; null when PAGED. */
    private final long[] words;
    /** PAGED: page p holds elements {@code p << pageShift ..} (W, R each), null until made; null when FLAT. */
    private final long[][] pages;
    private final int pageShift;
    /** The bits of an index that say where in its block its words are: all of them when FLAT. */
    private final int slotMask;
    /** PAGED: each element's state when the shadow went FINE (frozen). */
    private final Start start;
    /** Shadow bytes made (the shadow-memory count of {@link ArrayShadow}). */
    private final LongAdder made;
    /**
     * Inflated elements' states, made with the first one; an element's is set (a volatile store) once it is filled.
     * Read and written through {@link #STATES}, as the words and pages are through theirs.
     */
    private volatile ArrayVarState[] states;

    /** FLAT, every element fresh ({@link ShadowWord#NONE}). */
    FineWords(Class<?> arrayType, int length, LongAdder made) {
        this.arrayType = arrayType;
        this.length = length;
        this.words = new long[2 * length];
        this.pages = null;
        this.pageShift = 0;
        this.slotMask = -1;
        this.start = null;
        this.made = made;
        made.add(ArrayShadow.wordBytes(length));
    }

    /**
     * The words of a shadow going FINE, each element starting as a copy of the whole state {@code start} gives it
     * (which must not change from now on): PAGED, in pages of {@code bounds.pageLength()} elements, if the array has
     * at least {@code bounds.pagedFrom()} elements, else FLAT and filled now.
     */
    FineWords(Class<?> arrayType, int length, LongAdder made, ArrayShadow.Bounds bounds, Start start) {
        this.arrayType = arrayType;
        this.length = length;
        this.made = made;
        int pageLength = bounds.pageLength();
        if (length < bounds.pagedFrom()) {
            this.words = new long[2 * length];
            this.pages = null;
            this.pageShift = 0;
            this.slotMask = -1;
            this.start = null;
            made.add(ArrayShadow.wordBytes(length));
            Object[] from = start.states(0, length);
            for (int i = 0; i < length; i++) {
                ArrayVarState s = startAs(words, 2 * i, i, from[i]);
                if (s != null) {
                    publish(i, s);
                }
            }
        } else {
            this.words = null;
            this.pageShift = Integer.numberOfTrailingZeros(pageLength);
            this.slotMask = pageLength - 1;
            this.pages = new long[(length + pageLength - 1) >>> pageShift][];
            this.start = start;
            made.add(8L * pages.length + 16);
        }
    }

    /** Where the elements of a shadow going FINE start: their states at that moment, which never change again. */
    interface Start {
        /** The state of each element {@code first .. end - 1}, in order: a {@link VarState} or {@link UniformWords}. */
        Object[] states(int first, int end);
    }

    int length() {
        return length;
    }

    /**
     * The array holding element i's words (the FLAT words, or its page, made if need be): the holder of
     * {@link WordStore}'s operations on element i.
     */
    long[] block(int i) {
        long[] w = words;
        return w != null ? w : page(i);
    }

    /** Where element i's W ({@code write}) or R word is in its {@link #block}: W at an even slot, R right after it. */
    int slot(int i, boolean write) {
        return 2 * (i & slotMask) + (write ? 0 : 1);
    }

    /** PAGED: the page holding element i, made if need be. */
    private long[] page(int i) {
        int p = i >>> pageShift;
        long[] page = (long[]) PAGES.getAcquire(pages, p);
        return page != null ? page : makePage(p);
    }

    /**
     * Makes page p from the elements' start states and publishes it, unless another thread did first (its page is
     * then the one). Inflated elements' states are set after the page is published: a thread that finds such an
     * element INFLATED meanwhile waits for its state ({@link #inflated}).
     */
    private long[] makePage(int p) {
        int first = p << pageShift;
        int end = Math.min(length, first + (1 << pageShift));
        long[] page = new long[2 * (end - first)];
        ArrayVarState[] inflated = null;
        Object[] from = start.states(first, end);
        for (int i = first; i < end; i++) {
            ArrayVarState s = startAs(page, 2 * (i - first), i, from[i - first]);
            if (s != null) {
                if (inflated == null) {
                    inflated = new ArrayVarState[end - first];
                }
                inflated[i - first] = s;
            }
        }
        long[] witness = (long[]) PAGES.compareAndExchangeRelease(pages, p, null, page);
        if (witness != null) {
            return witness;
        }
        made.add(16L * (end - first) + 16);
        for (int k = 0; inflated != null && k < inflated.length; k++) {
            if (inflated[k] != null) {
                publish(first + k, inflated[k]);
            }
        }
        return page;
    }

    /**
     * Element i's words at {@code block[at]} (W) and {@code block[at + 1]} (R) as a copy of {@code from}'s whole
     * state (a VarState's, or words): in words if they can hold it, else INFLATED, returning the state that then
     * holds the copy (to {@link #publish}).
     */
    private ArrayVarState startAs(long[] block, int at, int i, Object from) {
        if (from instanceof UniformWords u) {
            block[at] = u.word(true);
            block[at + 1] = u.word(false);
            return null;
        }
        VarState v = (VarState) from;
        long w = ShadowWord.of(v, true);
        long r = ShadowWord.of(v, false);
        if (w != ShadowWord.NO_WORD && r != ShadowWord.NO_WORD) {
            block[at] = w;
            block[at + 1] = r;
            return null;
        }
        ArrayVarState s = new ArrayVarState(arrayType, i, i + 1, 1);
        s.copyStateOf(v);
        block[at] = ShadowWord.INFLATED;
        block[at + 1] = ShadowWord.INFLATED;
        return s;
    }

    @Override
    long word(Object block, int i, boolean write) {
        return (long) WORDS.getVolatile((long[]) block, slot(i, write));
    }

    @Override
    boolean cas(Object block, int i, boolean write, long expected, long update) {
        return WORDS.compareAndSet((long[]) block, slot(i, write), expected, update);
    }

    /**
     * A thread that finds R INFLATED before the inflating thread has published the state waits for it (inflation
     * is a few instructions, once per element).
     */
    @Override
    ArrayVarState inflated(Object block, int i) {
        ArrayVarState s;
        for (int spins = 0; (s = published(i)) == null; spins++) {
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return s;
    }

    /**
     * Element i's state if it is published, else null (not inflated, or not filled yet): {@link #inflated} without
     * the wait, for the test of READ SHARED SAME EPOCH ({@link FastTrack#fineChangeCalled}).
     */
    ArrayVarState published(int i) {
        ArrayVarState[] t = states;
        return t == null ? null : (ArrayVarState) STATES.getVolatile(t, i);
    }

    /** INFLATE: the thread whose CAS sets R to INFLATED freezes W, fills a fresh state and publishes it. */
    @Override
    ArrayVarState inflate(Object block, int i) {
        while (true) {
            long r = word(block, i, false);
            if (r == ShadowWord.INFLATED) {
                return inflated(block, i);
            }
            if (cas(block, i, false, r, ShadowWord.INFLATED)) {
                long w = freeze(block, i, true);
                ArrayVarState s = new ArrayVarState(arrayType, i, i + 1, 1);
                fill(s, w, r);
                publish(i, s);
                return s;
            }
        }
    }

    /** Element i's state from now on (its words are INFLATED). */
    private void publish(int i, ArrayVarState s) {
        made.add(ArrayShadow.STATE_BYTES);
        STATES.setVolatile(table(), i, s);
    }

    private ArrayVarState[] table() {
        ArrayVarState[] t = states;
        if (t == null) {
            synchronized (this) {
                t = states;
                if (t == null) {
                    made.add(16 + ArrayShadow.arrayBytes(length));     // the table object and its array
                    states = t = new ArrayVarState[length()];
                }
            }
        }
        return t;
    }

    /** Elements with a state: touched words and inflated states (PAGED: those of the pages made). */
    int states() {
        if (words != null) {
            return touched(words);
        }
        int n = 0;
        for (int p = 0; p < pages.length; p++) {
            long[] page = (long[]) PAGES.getAcquire(pages, p);
            n += page == null ? 0 : touched(page);
        }
        return n;
    }

    private static int touched(long[] block) {
        int n = 0;
        for (int i = 0; i < block.length; i += 2) {
            n += block[i] != ShadowWord.NONE || block[i + 1] != ShadowWord.NONE ? 1 : 0;
        }
        return n;
    }
}
