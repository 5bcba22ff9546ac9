package bigfoot.rt;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The shadow of one array (the BigFoot dissertation, section 3.4, after SlimState). Shadows of {@code arrays=fine} runs, and of
 * SMALL arrays ({@link #small}), are born FINE; other {@code arrays=adaptive} ones are born COARSE and follow this
 * state machine:
 * <pre>
 *   COARSE --(a range that is not the whole array, unless SAME EPOCH)--> SEGMENTS
 *   COARSE, SEGMENTS --(FRAGMENTATION: SHORT checks past a bound that grows with the long ranges taken, or
 *                       a short check of a PER-ELEMENT array; or an element check: verify mode)--> FINE
 * </pre>
 * <ul>
 * <li>COARSE: one state for every index.</li>
 * <li>SEGMENTS: disjoint index intervals {@code [a, b)} covering the array, kept sorted in {@link Segments}
 * (finding one is O(log segments)). Each segment is either UNIFORM (one state for all its indices) or STRIDED
 * with a modulus {@code m} (2..{@value #MAX_MODULUS}): one {@link ArrayVarState} per residue class {@code i mod m}
 * (absolute index, so cuts never shift classes), null for a class with no index in the segment. A UNIFORM state
 * (and COARSE's) is held in words ({@link UniformWords}, half an ArrayVarState's size) until it needs a VarState:
 * READ SHARE, a race, or an epoch or site a word cannot hold INFLATES it to an ArrayVarState of its segment's
 * indices, for good.</li>
 * <li>FINE: one location per element, in primitive shadow words ({@link FineWords}); an element starts as a copy
 * of the segment state it was in. FRAGMENTATION ({@link #fragments}): a shadow goes FINE at the SHORT check (a
 * single index, or a range of fewer than {@code longRange} indices, that is not SAME EPOCH) that takes its count past
 * {@code max(min(fragmentMin, length / 2), length / fragmentDivisor)} plus {@code singlesPerRange} per long range it
 * has taken ({@link Bounds}): scattered, indirect or hot elements, and buffers appended to a few indices per epoch,
 * gain nothing from segments (each such check cuts as many as a single does), and FINE elements take FastTrack's
 * lock-free same-epoch paths instead of this monitor, while an array whose long ranges pay for its singles
 * (lufact's columns: a pivot swap's two singles per suffix update) stays in SEGMENTS. A PER-ELEMENT array
 * (below) goes FINE at its next short check: its short checks are known to be scattered. Element checks of a
 * non-FINE shadow (verify mode) make it FINE.</li>
 * </ul>
 *
 * <p>PER-ELEMENT ({@link #footprintAdded}) is not a representation but a property of the checks: an array whose
 * footprint's short checks mostly merge into nothing (ranges count as the singles they stand for) gets its short
 * checks run at once instead of through footprints ({@link ArrayChecks}), and so does a FINE shadow, whose
 * elements a footprint would check one by one anyway after an add and a commit (lucene's byte buffers, read a
 * byte per call: 8% of its run).
 *
 * <p>A committed range {@code R = first, first+s, .. last} is applied in three steps, unless it lies inside one
 * uniform segment (or COARSE) whose state the access leaves unchanged (SAME EPOCH: FastTrack's same-epoch rules,
 * so every index of R would take them too): then it is that state's one check, and nothing is cut.
 * <ol>
 * <li>Edges. R FITS a segment {@code [a, b)} of modulus m when {@code m % s == 0} and R's lattice has no point
 * in the segment outside R ({@code first - a < s} below, {@code b - 1 - last < s} above): then every class it
 * touches lies wholly inside R. At each edge of R, the segment there is kept if R fits it, refined (below) if
 * that makes R fit, and otherwise CUT at {@code first} (or {@code last + 1}).</li>
 * <li>Each segment in between gets one FastTrack operation per class R touches ({@code m / s} of them). If
 * {@code m % s != 0} the segment is REFINED to modulus {@code lcm(m, s)} when that is at most
 * {@value #MAX_MODULUS} and leaves at least two indices per class; otherwise R's indices in it are cut out as
 * single-index segments (FINE locally: the rest of the array keeps its representation).</li>
 * <li>MERGE: a strided segment whose classes now all hold the same history (W, R, V and every site,
 * {@link VarState#sameHistory}) becomes uniform (keeping the class of its first index), and two adjacent
 * uniform segments with the same history become one (keeping the lower state). So blocks or classes a thread
 * rewrites in one epoch coalesce again, and repartitioning does not accumulate segments.</li>
 * </ol>
 * So a range costs O(log segments + segments touched) FastTrack operations and index searches; a triangular
 * pattern (suffixes {@code [j, n)} with growing j, split among threads) adds O(threads) segments per step, and
 * interleaved partitions ({@code t, t+k, ..}) and red-black sweeps stay one strided segment. lufact's pivot
 * steps (single-index swaps of rows j and l >= j, then the suffix {@code [j+1, n)}) add one segment per step:
 * a footprint commits ranges before singles ({@link Footprint#commit}), so the swap at l, inside the suffix just
 * written, is SAME EPOCH and cuts nothing, and a column ends with a state per row down to its diagonal and one
 * for the rows below it (FINE: one per row).
 *
 * <p>INVARIANT: all indices of one uniform segment, or of one class of a strided segment, have identical
 * FastTrack state; each state describes its index set exactly ({@code first, first+step, .. < end}). Every
 * operation on a state is one R applies to all its indices (the fit rule). A cut gives the upper part a copy of
 * each class with indices on both sides (a class wholly above moves, keeping its {@code first}), and a uniform
 * segment's words to both parts, which a check that would change them then copies for its own segment; a refinement
 * gives every new class a copy of the class it came from (the one holding the old {@code first} keeps the
 * object); a FINE element starts as a copy of its state. Copies take W, R, V and sites, so no history is lost;
 * a merge or collapse joins states that are equal, so none is lost either. Races are reported at {@code first}, which
 * never changes for a state.
 *
 * <p>Concurrency: COARSE and SEGMENTS are read and changed only under this object's monitor (all their FastTrack
 * operations run under it, so no cut, refinement or merge races with one); FINE is published through a volatile
 * field, after which the segments are frozen, so element operations need no array-wide lock.
 */
final class ArrayShadow {

    /** The largest modulus of a strided segment (states per strided segment). */
    static final int MAX_MODULUS = 64;

    /**
     * When the SMALL, PER-ELEMENT and FRAGMENTATION rules fire: an array of at most {@code smallLength} elements
     * is SMALL; an array is per-element once its footprint singles that merged into no range outnumber those that
     * did by more than {@code perElementLead}; a COARSE or SEGMENTS shadow goes FINE once its SHORT checks (fewer
     * than {@code longRange} indices) pass {@code max(min(fragmentMin, length / 2), length / fragmentDivisor)} plus
     * {@code singlesPerRange} per longer range it has taken. A shadow of at least {@code pagedFrom} elements that
     * goes FINE makes its words in pages of {@code pageLength} elements (a power of two), each at its first check.
     * Tests lower them so that short traces take every transition.
     */
    record Bounds(int smallLength, int perElementLead, int fragmentMin, int fragmentDivisor, int singlesPerRange,
            int longRange, int pageLength, int pagedFrom) {
        /**
         * Up to 4 singles per range of 8 or more indices: a pivot swap's two writes (and reads) per updated suffix
         * stay coarse-grained, while pairs and triples (xalan's and lucene's buffers, appended to a few indices per
         * epoch) cut as many segments as singles do and count as singles. Pages of 32 elements (512 bytes of
         * words) for arrays of 2,048 elements or more: xalan's shadows of that size that go FINE (tables of 8,192
         * slots, a dozen of them used) made 59% of its FINE words, of whose pages its checks touch 0.4%; smaller
         * ones are used throughout more often, and read an element per call (lucene's 1,024-byte buffers), so they
         * keep FLAT words, reached without a page's indirection.
         */
        static final Bounds DEFAULT = new Bounds(8, 64, 64, 256, 4, 8, 32, 2048);

        Bounds {
            if (Integer.bitCount(pageLength) != 1) {
                throw new IllegalArgumentException("pageLength must be a power of two: " + pageLength);
            }
        }
    }

    private static final AtomicLong IDS = new AtomicLong();

    /** The size of an {@link ArrayVarState} with compressed references (measured with a class histogram). */
    static final int STATE_BYTES = 64;

    /** The size of FINE's words for {@code length} elements: two longs each, and the array's header. */
    static long wordBytes(int length) {
        return 16L * length + 16;
    }

    /** The size of an {@code int[n]} or a reference array of n (compressed references): header, 4 bytes each, aligned. */
    static long arrayBytes(int n) {
        return (16 + 4L * n + 7) & ~7L;
    }

    /** What a shadow holds now: segments (1 when coarse, 0 when fine), strided ones among them, live states. */
    record Shape(int segments, int strided, int states) {
    }

    private final Class<?> type;
    private final int length;
    /** A number no other shadow of this run has, for the footprints' tables ({@link FootprintIndex}). */
    final long id = IDS.getAndIncrement();
    /**
     * Shadow memory made, in bytes: {@link #STATE_BYTES} per VarState (classes, inflated blocks and elements),
     * {@link UniformWords#BYTES} per UNIFORM state in words, the segments' tables ({@link Segments}) and FINE's
     * words ({@link #wordBytes}).
     */
    private final LongAdder allocated;
    /**
     * COARSE: the state of every index (UNIFORM: {@link UniformWords} or an ArrayVarState); null once cut, or for
     * shadows born FINE. Under this monitor.
     */
    private Object coarse;
    /** SEGMENTS: under this monitor until FINE, then frozen. */
    private Segments segments;
    /** COARSE and SEGMENTS: SHORT checks and long ranges so far (FRAGMENTATION). */
    private long singleChecks;
    private long rangeChecks;
    /** FINE: published once filled (volatile); the segments are frozen from then on. */
    private volatile FineWords fine;
    private final Bounds bounds;
    /** SMALL ({@link #small}), fixed at birth: read by every check of an adaptive run. */
    private final boolean small;
    /**
     * PER-ELEMENT: footprint singles that merged into no range, less the indices that did (never below 0), and whether
     * that has passed {@code bounds.perElementLead}. A property of the checks, not of the representation, so fine
     * and adaptive shadows agree on it. Racy counts (a heuristic): threads adding to footprints update them
     * unlocked.
     */
    private int unmergedSingles;
    private boolean perElement;

    /** The array's class ({@code int[]}). */
    Class<?> type() {
        return type;
    }

    ArrayShadow(Class<?> type, int length, boolean adaptive, LongAdder allocated, Bounds bounds) {
        this.type = type;
        this.length = length;
        this.allocated = allocated;
        this.bounds = bounds;
        this.small = length <= bounds.smallLength();
        if (adaptive && !small) {
            coarse = newWords(ShadowWord.NONE, ShadowWord.NONE);
        } else {
            fine = new FineWords(type, length, allocated);
        }
    }

    int length() {
        return length;
    }

    /**
     * The state of element {@code index} as a VarState (making the shadow FINE and inflating the element: the placement
     * verifier watches it by identity), or null if out of bounds (the access will throw).
     */
    VarState element(int index) {
        if (index < 0 || index >= length) {
            return null;
        }
        FineWords f = fine;
        if (f == null) {
            synchronized (this) {
                f = fine != null ? fine : goFine();
            }
        }
        return f.inflate(f.block(index), index);
    }

    /** The FastTrack read or write of element {@code index} (ignored if out of bounds: the access will throw). */
    void checkElement(FastTrack ft, ThreadState st, int index, boolean write, int site) {
        if (index < 0 || index >= length) {
            return;
        }
        FineWords f = fine;
        if (f != null) {
            ft.checkFine(st, f, index, write, site);
        } else {
            apply(ft, st, index, index, 1, write, site);
        }
    }

    /**
     * The FastTrack read or write of every index {@code first, first+stride, .., last} (all in bounds; a single
     * index has stride 1) by {@code st}, from {@code site}, on the representation (see the class comment).
     */
    void apply(FastTrack ft, ThreadState st, int first, int last, int stride, boolean write, int site) {
        int s = first == last ? 1 : stride;
        FineWords f = fine;
        if (f == null) {
            synchronized (this) {
                f = fine;
                if (f == null) {
                    long same = uncut(st, first, last, s, write);
                    if (same != CUTS) {
                        rangeChecks += isShort(first, last, s) ? 0 : 1; // a long range pays even when it cuts nothing
                        checkUniform(ft, st, same, write, site);
                        return;
                    }
                    if (!fragments(first, last, s)) {
                        applyAdaptive(ft, st, write, site, first, last, s);
                        return;
                    }
                    f = goFine();
                }
            }
        }
        for (long i = first; i <= last; i += s) {
            ft.checkFine(st, f, (int) i, write, site);
        }
    }

    /**
     * PER-ELEMENT: a footprint took a check of this array, in which {@code coalesced} indices joined others: 1 for
     * a single that merged into a range, {@code m - 1} for a range of m indices (what its indices would have merged
     * had they been checked one by one), 0 for a SHORT check ({@link #isShort}: a single, or a block such as
     * moldyn's {@code f[3j..3j+2]}) that merged into nothing. Once such unmerged checks lead by more than
     * {@code bounds.perElementLead}, the array's short checks skip footprints ({@link #perElement}): scattered
     * checks have nothing to coalesce. An array that also takes ranges (lufact's
     * pivot swaps next to the updated suffix) keeps its singles in the footprint, where a range of the same
     * operation covers or subsumes them. Coalesced checks write only while the count is above 0, so threads looping
     * over one array in order do not share a written line.
     */
    void footprintAdded(int coalesced) {
        int n = unmergedSingles;
        if (coalesced > 0) {
            if (n > 0) {
                unmergedSingles = Math.max(0, n - coalesced);
            }
        } else if (!perElement) {
            unmergedSingles = n + 1;
            perElement = n + 1 > bounds.perElementLead();
        }
    }

    /** PER-ELEMENT: true once this array's short checks skip footprints (see {@link #footprintAdded}). */
    boolean perElement() {
        return perElement;
    }

    /**
     * SMALL: an array of at most {@code bounds.smallLength} elements (an empty one too) is born FINE, also in
     * adaptive runs, and all its checks skip footprints. Libraries make many such arrays (h2 and derby: most of
     * their arrays have at most 8 elements, and most of their footprint adds are to those): cut into segments
     * they cost a monitor, a search and cuts per check and more states than FINE, and a footprint range of a
     * FINE array is one operation per index anyway, after an add and a commit. A property of the length, so
     * fine and adaptive shadows agree on it.
     */
    boolean small() {
        return small;
    }

    /**
     * True if a check of this array ({@code shortCheck}: {@link #isShort}) skips footprints: SMALL, or a short check
     * of a PER-ELEMENT array or a FINE shadow. Long ranges of a FINE shadow still wait in the footprint, where a
     * range checked again in the epoch (a loop around a call) merges into the first.
     */
    boolean checkedAtOnce(boolean shortCheck) {
        return small || (shortCheck && (perElement || fine != null));
    }

    /** SHORT: a check of {@code first, first+s, .. last} has fewer than {@code bounds.longRange} indices. */
    boolean isShort(int first, int last, int s) {
        return (long) last - first < (long) s * (bounds.longRange() - 1);
    }

    /**
     * This FINE shadow's words if element {@code index} is in them (in bounds), else null: a FINE shadow's element
     * check is taken at once ({@link #checkedAtOnce}) in every mode, straight on its words.
     */
    FineWords fineFor(int index) {
        FineWords f = fine;
        return f != null && index >= 0 && index < length ? f : null;
    }

    /** True once the shadow is FINE. */
    boolean isFine() {
        return fine != null;
    }

    synchronized Shape shape() {
        FineWords f = fine;
        if (f != null) {
            return new Shape(0, 0, f.states());
        }
        if (segments == null) {
            return new Shape(1, 0, 1);
        }
        int strided = 0;
        int states = 0;
        for (long p = segments.locate(0); p >= 0; p = segments.next(p)) {
            if (segments.rep(p) instanceof ArrayVarState[] classes) {
                strided++;
                for (ArrayVarState c : classes) {
                    states += c == null ? 0 : 1;
                }
            } else {
                states++;
            }
        }
        return new Shape(segments.count(), strided, states);
    }

    /** The number of segments (1: COARSE) while not FINE. */
    int segmentCount() {
        return shape().segments();
    }

    // ---------------------------------------------------------------- COARSE and SEGMENTS, under this monitor

    /**
     * FRAGMENTATION: per-element patterns (scattered, indirect or hot single indices) gain nothing from COARSE or
     * SEGMENTS, and each of their checks pays the shadow's monitor (contended when threads share the array), a
     * search, and cuts and merges, where FINE takes FastTrack's lock-free same-epoch paths. A multi-index range
     * is what SEGMENTS saves on (one operation per segment instead of one per index), but only a LONG one (at
     * least {@code longRange} indices, by stride {@code s}): a SHORT one cuts and merges as a single does and
     * saves a few index checks. So short checks are judged against long ranges: once they pass
     * {@code max(min(fragmentMin, length / 2), length / fragmentDivisor)} plus {@code singlesPerRange} per long range
     * taken, the next one makes the shadow FINE instead (and returns true). The floor is at most half the length: an
     * array of a few dozen elements read one element per call, such as the {@code int[32]} buffers each of lucene's
     * term scorers makes, never reached 64 short checks that cut (a second read in the epoch cuts nothing), so each
     * of its reads went through the footprint and a commit for as long as it lived (BF's CPU per iteration: lucene
     * 4-5% less, h2 6-8%, xalan and derby 1-3%, 4-5 JVMs each, interleaved; xalan's array memory 2.7% larger). So a
     * shadow whose ranges pay for its singles stays in SEGMENTS however long it runs: lufact's columns take a pivot
     * swap's two singles per shrinking suffix, step after step. A PER-ELEMENT array's short checks are known to be
     * scattered (they merge into nothing), so its next one makes it FINE at once. A short check inside one state it
     * leaves unchanged (SAME EPOCH, see {@link #apply}) cuts nothing and is not judged: moldyn's {@code ps[i]} read
     * after the range {@code ps[i-1..n)} of the last pass.
     */
    private boolean fragments(int first, int last, int s) {
        if (!isShort(first, last, s)) {
            rangeChecks++;
            return false;
        }
        return length != 1 && (perElement || ++singleChecks > Math.max(Math.min(bounds.fragmentMin(), length / 2),
                length / bounds.fragmentDivisor()) + bounds.singlesPerRange() * rangeChecks);
    }

    /** COARSE or SEGMENTS, a range that cuts (not {@link #uncut}): the three steps of the class comment. */
    private void applyAdaptive(FastTrack ft, ThreadState st, boolean write, int site, int first, int last, int s) {
        if (segments == null) {
            segments = new Segments(length, coarse, allocated);
            coarse = null;
        }
        Segments g = segments;
        fitLow(first, s);
        fitHigh(last, s);
        long p = g.locate(first);
        int from = g.start(p);
        while (p >= 0 && g.start(p) <= last) {
            int a = g.start(p);
            int b = g.end(p);
            long lo = first >= a ? first : first + ((long) a - first + s - 1) / s * s;
            int hi = Math.min(last, b - 1);
            if (lo > hi) {
                p = g.next(p);                                  // R skips this segment
                continue;
            }
            Object rep = g.rep(p);
            int m = modulus(rep);
            if (m % s != 0) {
                int l = lcm(m, s);
                if (!refinable(a, b, l)) {
                    p = singletons(ft, st, write, site, (int) lo, hi, s);
                    continue;
                }
                rep = refine(p, a, b, rep, l);
                m = l;
            }
            if (rep instanceof ArrayVarState[] classes) {
                for (int k = 0, r = (int) (lo % m); k < m / s; k++, r = (r + s) % m) {
                    if (classes[r] != null) {
                        ft.check(st, classes[r], write, site);
                    }
                }
            } else {
                checkUniform(ft, st, p, write, site);
            }
            p = g.next(p);
        }
        merge(from, g.end(g.locate(last)));
    }

    /** The position of COARSE's state among the UNIFORM ones ({@link #uniform}); segments' are never negative. */
    private static final long COARSE = -1;
    /** What {@link #uncut} returns for a check that cuts. */
    private static final long CUTS = Long.MIN_VALUE;

    /**
     * The one UNIFORM state a check of {@code first..last by s} goes to without cutting anything: COARSE's
     * ({@link #COARSE}) for the whole array, or (SAME EPOCH) the state (COARSE's, or a segment's: its position)
     * holding every index if {@code st}'s check of it changes nothing; else {@link #CUTS}.
     */
    private long uncut(ThreadState st, int first, int last, int s, boolean write) {
        if (segments == null && s == 1 && first == 0 && last == length - 1) {
            return COARSE;
        }
        long p = COARSE;
        if (segments != null) {
            p = segments.locate(first);
            if (segments.end(p) <= last) {
                return CUTS;
            }
        }
        Object u = uniform(p);
        if (u instanceof UniformWords words) {
            return FastTrack.leavesUnchanged(st, words, write) ? p : CUTS;
        }
        return u instanceof ArrayVarState v && FastTrack.leavesUnchanged(st, v, write) ? p : CUTS;
    }

    /** The UNIFORM state (words or an ArrayVarState; a strided segment's classes) at position p, or COARSE's. */
    private Object uniform(long p) {
        return p == COARSE ? coarse : segments.rep(p);
    }

    /**
     * The check of the UNIFORM state (words or an ArrayVarState) at position p (COARSE's: {@link #COARSE}). Words a
     * cut shares with other segments are copied for this segment first if the check changes a word.
     */
    private void checkUniform(FastTrack ft, ThreadState st, long p, boolean write, int site) {
        Object u = uniform(p);
        if (u instanceof UniformWords words) {
            switch (ft.uniformRule(st, words, write, site)) {
                case FastTrack.EXCLUSIVE -> ft.applyExclusive(st, owned(p, words), write, site);
                case FastTrack.INFLATE -> ft.checkUncounted(st, inflate(p, words), write, site);
                case FastTrack.SAME_EPOCH -> { }
            }
        } else {
            ft.check(st, (ArrayVarState) u, write, site);
        }
    }

    /** The words at position p, for a change: a copy for this segment if a cut shares them with others. */
    private UniformWords owned(long p, UniformWords words) {
        if (!words.shared()) {
            return words;
        }
        words.release();
        UniformWords copy = newWords(words.word(true), words.word(false));
        segments.setRep(p, copy);
        return copy;
    }

    /** Makes R ({@code first} by {@code s}) fit the segment holding {@code first}, or cuts it there. */
    private void fitLow(int first, int s) {
        long p = segments.locate(first);
        int a = segments.start(p);
        if (a == first || (first - a < s && fitsOrRefines(p, s))) {
            return;
        }
        cut(p, first);
    }

    /** Makes R (by {@code s}, ending at {@code last}) fit the segment holding {@code last}, or cuts it after it. */
    private void fitHigh(int last, int s) {
        long p = segments.locate(last);
        int b = segments.end(p);
        if (b - 1 == last || (b - 1 - last < s && fitsOrRefines(p, s))) {
            return;
        }
        cut(p, last + 1);
    }

    /** True if segment p's modulus is a multiple of s, possibly after refining it. */
    private boolean fitsOrRefines(long p, int s) {
        Object rep = segments.rep(p);
        int m = modulus(rep);
        if (m % s == 0) {
            return true;
        }
        int a = segments.start(p);
        int b = segments.end(p);
        int l = lcm(m, s);
        if (!refinable(a, b, l)) {
            return false;
        }
        refine(p, a, b, rep, l);
        return true;
    }

    /** Cuts R's indices {@code lo, lo+s, .. hi} of one segment out as single-index segments and checks each. */
    private long singletons(FastTrack ft, ThreadState st, boolean write, int site, int lo, int hi, int s) {
        Segments g = segments;
        for (long i = lo; i <= hi; i += s) {
            int x = (int) i;
            long p = g.locate(x);
            if (g.start(p) < x) {
                p = cut(p, x);
            }
            if (g.end(p) > x + 1) {
                cut(p, x + 1);
                p = g.locate(x);
            }
            checkUniform(ft, st, p, write, site);
        }
        return g.next(g.locate(hi));
    }

    /** Splits segment p at x (inside it); returns the upper part's position. */
    private long cut(long p, int x) {
        Segments g = segments;
        int a = g.start(p);
        int b = g.end(p);
        Object rep = g.rep(p);
        Object upper;
        if (rep instanceof UniformWords u) {
            upper = u.share();                                  // copied when a check would change it
        } else if (rep instanceof ArrayVarState u) {
            upper = newState(u, x, b, 1);
            u.end = x;
        } else {
            ArrayVarState[] lower = (ArrayVarState[]) rep;
            int m = lower.length;
            ArrayVarState[] up = new ArrayVarState[m];
            for (int r = 0; r < m; r++) {
                ArrayVarState c = lower[r];
                if (c == null) {
                    continue;
                }
                if (c.first >= x) {                             // wholly above: the state moves
                    up[r] = c;
                    lower[r] = null;
                } else {
                    c.end = x;
                    long u0 = firstOfClass(r, m, x);
                    if (u0 < b) {
                        up[r] = newState(c, (int) u0, b, m);
                    }
                }
            }
            g.setRep(p, normalized(lower, x - a));
            upper = normalized(up, b - x);
        }
        return g.insertAfter(p, x, upper);
    }

    /**
     * Segment p {@code [a, b)} with modulus {@code l} (a multiple of its own): each new class copies its old one
     * (a uniform segment's words become a state per class).
     */
    private ArrayVarState[] refine(long p, int a, int b, Object rep, int l) {
        ArrayVarState[] out = new ArrayVarState[l];
        for (int r = 0; r < l; r++) {
            long f = firstOfClass(r, l, a);
            if (f >= b) {
                continue;
            }
            if (rep instanceof UniformWords u) {
                out[r] = newState(u, (int) f, b, l);
                continue;
            }
            ArrayVarState from = rep instanceof ArrayVarState v ? v : ((ArrayVarState[]) rep)[r % modulus(rep)];
            if (from.first == f) {
                from.step = l;
                out[r] = from;
            } else {
                out[r] = newState(from, (int) f, b, l);
            }
        }
        if (rep instanceof UniformWords u) {
            u.release();
        }
        segments.setRep(p, out);
        return out;
    }

    /**
     * MERGE around the segments a range touched ({@code [from, to]}, with one neighbour each side): a strided
     * segment whose classes all hold the same history becomes uniform, then adjacent uniform segments with the
     * same history become one.
     */
    private void merge(int from, int to) {
        Segments g = segments;
        long p = g.locate(from);
        long before = g.previous(p);
        if (before >= 0) {
            p = before;
        }
        int start = g.start(p);
        for (long q = p; q >= 0 && g.start(q) <= to; q = g.next(q)) {
            if (g.rep(q) instanceof ArrayVarState[] classes) {
                collapse(q, classes);
            }
        }
        p = g.locate(start);
        for (long n = g.next(p); n >= 0 && g.start(n) <= to; n = g.next(p)) {
            Object lower = g.rep(p);
            Object upper = g.rep(n);
            if (!(lower instanceof ArrayVarState[]) && !(upper instanceof ArrayVarState[])
                    && sameHistory(lower, upper)) {
                int a = g.start(p);
                if (lower instanceof ArrayVarState l) {
                    l.end = g.end(n);
                }
                if (upper instanceof UniformWords u) {
                    u.release();                                // the lower segment's state stands for both
                }
                g.removeBoundary(n);
                p = g.locate(a);
            } else {
                p = n;
            }
        }
    }

    /** Strided segment q becomes uniform if all its classes hold the same history (kept: the class of its start). */
    private void collapse(long q, ArrayVarState[] classes) {
        int a = segments.start(q);
        ArrayVarState keep = classes[a % classes.length];
        for (ArrayVarState c : classes) {
            if (c != null && !keep.sameHistory(c)) {
                return;
            }
        }
        keep.step = 1;
        keep.end = segments.end(q);
        segments.setRep(q, keep);
    }

    /** A piece of a cut strided segment: one index long, it is uniform (its one state). */
    private static Object normalized(ArrayVarState[] classes, int len) {
        if (len > 1) {
            return classes;
        }
        for (ArrayVarState c : classes) {
            if (c != null) {
                c.step = 1;
                return c;
            }
        }
        throw new AssertionError("a segment without states");
    }

    /** Two UNIFORM states (words or ArrayVarStates) hold the same whole FastTrack state. */
    private static boolean sameHistory(Object lower, Object upper) {
        if (lower instanceof UniformWords u) {
            return u.sameHistory(upper);
        }
        return upper instanceof UniformWords u ? u.sameHistory(lower) : ((VarState) lower).sameHistory((VarState) upper);
    }

    private static int modulus(Object rep) {
        return rep instanceof ArrayVarState[] classes ? classes.length : 1;
    }

    /** True if modulus l is allowed for a segment of {@code [a, b)}: at most MAX_MODULUS, two indices per class. */
    private static boolean refinable(int a, int b, int l) {
        return l <= MAX_MODULUS && (long) b - a >= 2L * l;
    }

    /** The smallest index at or above x in residue class r modulo m. */
    private static long firstOfClass(int r, int m, int x) {
        return x + (long) Math.floorMod(r - x, m);
    }

    private static int lcm(int m, int s) {
        long l = (long) m / gcd(m, s) * s;
        return l > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) l;
    }

    private static int gcd(int x, int y) {
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        return x;
    }

    // ---------------------------------------------------------------- FINE

    /**
     * COARSE or SEGMENTS to FINE, under this monitor: every element starts as a copy of the state it is in (the
     * segments are frozen from then on), made with its page of words ({@link FineWords}), and the words are
     * published.
     */
    private FineWords goFine() {
        Segments g = segments;
        Object whole = coarse;
        FineWords f = new FineWords(type, length, allocated, bounds, (first, end) -> {
            Object[] states = new Object[end - first];
            if (g == null) {
                Arrays.fill(states, whole);
                return states;
            }
            for (long p = g.locate(first); p >= 0 && g.start(p) < end; p = g.next(p)) {   // in index order
                Object rep = g.rep(p);
                ArrayVarState[] classes = rep instanceof ArrayVarState[] c ? c : null;
                for (int i = Math.max(first, g.start(p)), e = Math.min(end, g.end(p)); i < e; i++) {
                    states[i - first] = classes == null ? rep : classes[i % classes.length];
                }
            }
            return states;
        });
        fine = f;
        return f;
    }

    /** A state of {@code first, first+step, .. < end} holding {@code parent}'s whole state (a VarState, or words). */
    private ArrayVarState newState(Object parent, int first, int end, int step) {
        ArrayVarState s = new ArrayVarState(type, first, end, step);
        if (parent instanceof UniformWords u) {
            WordStore.fill(s, u.word(true), u.word(false));
        } else {
            s.copyStateOf((VarState) parent);
        }
        allocated.add(STATE_BYTES);
        return s;
    }

    private UniformWords newWords(long w, long r) {
        allocated.add(UniformWords.BYTES);
        return new UniformWords(w, r);
    }

    /**
     * INFLATE {@code words}, the state at position p (COARSE's: {@link #COARSE}): an ArrayVarState of the segment's
     * indices, holding the words' W, R and sites, takes their place for good.
     */
    private ArrayVarState inflate(long p, UniformWords words) {
        boolean whole = p == COARSE;
        ArrayVarState s = new ArrayVarState(type, whole ? 0 : segments.start(p), whole ? length : segments.end(p), 1);
        WordStore.fill(s, words.word(true), words.word(false));
        words.release();
        allocated.add(STATE_BYTES);
        if (whole) {
            coarse = s;
        } else {
            segments.setRep(p, s);
        }
        return s;
    }
}
