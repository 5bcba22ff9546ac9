package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Footprints and the coarse / block / fine array shadows of {@code arrays=adaptive}, on explicit state. */
class AdaptiveArrayShadowTest {

    private final ArrayRig rig = new ArrayRig(true, true);
    private final Sim sim = new Sim();

    @Test
    void aRaceOnOneElementOfALargeCoarseArrayIsFoundThere() {
        ThreadState[] t = sim.forkedThreads(3);
        int n = 100_000;
        ArrayShadow a = rig.array(long[].class, n);
        rig.write(t[1], a, 0, n, 1, 1);
        assertEquals(0, t[1].checks, "a footprint touches no shadow until it is committed");
        rig.checks.commit(t[1]);
        assertEquals(1, t[1].checks, "the whole array is one FastTrack operation while coarse");
        assertEquals(1, a.segmentCount());
        rig.write(t[2], a, 500, 501, 1, 2);
        rig.checks.commit(t[2]);
        assertEquals(List.of(new ArrayRig.Location("long[]", 500, RaceKind.WRITE_WRITE)), rig.races);
        assertEquals(List.of(2), rig.raceSites, "reported with the site of the committed range");
        assertEquals(3, a.segmentCount(), "[0,500) [500,501) [501,n)");
        assertEquals(UniformWords.BYTES + ArrayShadow.STATE_BYTES + Segments.bytesToHold(3), rig.allocated.sum(),
                "shadow memory: COARSE's words, which the cuts share among 3 segments, the raced one's state inflated "
                        + "from them, and their table, where fine needs " + n + " elements' words");
    }

    @Test
    void uniformStatesInWordsInflateWhereAWordCannotHoldTheSiteOrTheReadsAreShared() {
        ThreadState[] t = sim.forkedThreads(3);
        int n = 1_000;
        int farSite = ShadowWord.SITE_LIMIT + 5;
        ArrayShadow a = rig.array(int[].class, n);
        rig.write(t[1], a, 0, n, 1, farSite);
        rig.checks.commit(t[1]);
        assertEquals(UniformWords.BYTES + ArrayShadow.STATE_BYTES, rig.allocated.sum(),
                "COARSE's words, inflated: a word cannot hold the site");
        rig.write(t[2], a, 10, 11, 1, 2);
        rig.checks.commit(t[2]);
        assertEquals(List.of(new ArrayRig.Event(new ArrayRig.Location("int[]", 10, RaceKind.WRITE_WRITE),
                t[1].epoch, farSite, 2)), rig.events, "the previous write's site survives the inflation");

        ArrayRig shared = new ArrayRig(true, true);
        ThreadState[] u = {Sim.thread(0), Sim.thread(1), Sim.thread(2)};
        ArrayShadow b = shared.array(int[].class, n);
        shared.write(u[0], b, 0, n, 1, 3);
        shared.checks.commit(u[0]);
        shared.ft.fork(u[0], u[1]);
        shared.ft.fork(u[0], u[2]);
        shared.read(u[1], b, 0, n, 1, 4);
        shared.checks.commit(u[1]);
        shared.read(u[2], b, 0, n, 1, 5);                       // READ SHARE: the words inflate to a read vector clock
        shared.checks.commit(u[2]);
        assertEquals(UniformWords.BYTES + ArrayShadow.STATE_BYTES, shared.allocated.sum());
        shared.ft.join(u[0], u[1]);
        shared.write(u[0], b, 500, 501, 1, 6);
        shared.checks.commit(u[0]);
        assertEquals(List.of(new ArrayRig.Location("int[]", 500, RaceKind.SHARED_WRITE)), shared.races,
                "u2's read is unordered with the write; u1's was joined");
    }

    @Test
    void partsOfACutThatShareWordsKeepTheirOwnHistory() {
        ThreadState[] t = {Sim.thread(0), Sim.thread(1)};
        int n = 1_000;
        ArrayShadow a = rig.array(int[].class, n);
        rig.write(t[0], a, 0, n, 1, 1);
        rig.checks.commit(t[0]);
        rig.ft.fork(t[0], t[1]);
        rig.write(t[1], a, 10, 20, 1, 2);                       // [0,10) and [20,n) keep t0's write, in one object
        rig.write(t[1], a, 30, 40, 1, 3);
        rig.checks.commit(t[1]);
        assertEquals(5, a.segmentCount());
        assertEquals(3 * UniformWords.BYTES + Segments.bytesToHold(5), rig.allocated.sum(),
                "COARSE's words, shared by the cuts, and a copy for each range t1 wrote");
        for (int[] r : new int[][] {{0, 10}, {20, 30}, {40, n}, {10, 20}, {30, 40}}) {
            rig.write(t[0], a, r[0], r[1], 1, 4);               // t0 is not ordered after t1's writes
            rig.checks.commit(t[0]);
        }
        Set<String> raced = rig.racedIndices();
        assertEquals(20, raced.size(), raced.toString());
        for (int i = 0; i < n; i++) {
            assertEquals(i >= 10 && i < 20 || i >= 30 && i < 40, raced.contains("int[][" + i + "]"), "index " + i);
        }
    }

    @Test
    void adjacentElementChecksMergeIntoOneRange() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 1000);
        for (int i = 0; i < 1000; i++) {
            rig.read(t, a, i, i + 1, 1, 3);
            rig.write(t, a, i, i + 1, 1, 4);
        }
        assertFalse(t.footprint().isEmpty(), "two merged ranges never reach the bound");
        rig.checks.commit(t);
        assertEquals(1, t.checks, "one write of the whole array; the read it covers is dropped");
        assertEquals(1, a.segmentCount());
    }

    /**
     * EXTEND, the fast path of a reader's {@code buf[pos++]}: a single just past the last range extends it only for
     * the same array, operation and site; anything else is checked on its own, as another thread's races show.
     */
    @Test
    void aSingleJustPastTheLastRangeExtendsItOnlyForTheSameArrayOperationAndSite() {
        ThreadState[] t = sim.forkedThreads(2);
        ArrayShadow a = rig.array(int[].class, 1000);
        ArrayShadow b = rig.array(int[].class, 1000);
        for (int i = 0; i < 500; i++) {
            rig.read(t[0], a, i, i + 1, 1, 3);
        }
        rig.read(t[0], b, 500, 501, 1, 3);                          // the next index at the same site, of b
        rig.write(t[0], a, 500, 501, 1, 3);                         // the next index of a, a write
        rig.read(t[0], a, 501, 502, 1, 4);                          // a read of a from another site
        rig.checks.commit(t[0]);
        assertFalse(a.perElement(), "a[0..500) coalesced");
        rig.write(t[1], b, 500, 501, 1, 9);
        rig.read(t[1], a, 500, 501, 1, 9);
        rig.write(t[1], a, 501, 502, 1, 9);
        rig.checks.commit(t[1]);
        assertEquals(Set.of("500 READ_WRITE after site 3", "500 WRITE_READ after site 3", "501 READ_WRITE after site 4"),
                rig.events.stream().map(e -> e.location().index() + " " + e.location().kind() + " after site "
                        + e.previousSite()).collect(Collectors.toSet()));
    }

    /**
     * EXTEND from one site appending to several arrays in turn (xalan's DTM appends each node to five vectors through
     * one {@code addElement}): each single extends its own array's range and no other's, so each array's run is one
     * check and each race is its own array's.
     */
    @Test
    void aSiteAppendingToSeveralArraysInTurnExtendsEachOnesRange() {
        ThreadState[] t = sim.forkedThreads(2);
        ArrayShadow[] vectors = new ArrayShadow[5];
        for (int v = 0; v < vectors.length; v++) {
            vectors[v] = rig.array(byte[].class, 1000);
        }
        for (int i = 0; i < 500; i++) {
            for (int v = 0; v < vectors.length; v++) {
                if (i < 100 * (v + 1)) {                               // vector v ends at 100 (v + 1)
                    rig.write(t[0], vectors[v], i, i + 1, 1, 3);
                }
            }
        }
        rig.checks.commit(t[0]);
        assertEquals(5, t[0].checks, "one write range per vector");
        for (int v = 0; v < vectors.length; v++) {
            rig.read(t[1], vectors[v], 100 * (v + 1) - 1, 100 * (v + 1) + 1, 1, 9);   // its last element, and one past it
        }
        rig.checks.commit(t[1]);
        assertEquals(Set.of(99, 199, 299, 399, 499), rig.races.stream().map(ArrayRig.Location::index)
                .collect(Collectors.toSet()));
        assertEquals(5, rig.races.size());
    }

    @Test
    void checksAWriteRangeOfTheEpochCoversAreNotAdded() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(double[].class, 1000);
        rig.write(t, a, 0, 1000, 1, 5);                             // zeroed whole, as moldyn's partial forces
        for (int i = 0; i < 10 * Footprint.MAX_RANGES; i++) {
            int index = 37 * i % 997;
            rig.read(t, a, index, index + 1, 1, 6);
            rig.write(t, a, index, index + 3, 1, 7);
        }
        assertEquals(0, t.checks, "the footprint never filled");
        rig.checks.commit(t);
        assertEquals(1, t.checks, "the range's write; the reads and writes it covers add nothing");
        assertEquals(1, a.segmentCount());
    }

    /**
     * REPEATED, sparse's {@code y[row[i]] += ..} product after product in one epoch: increasing row indices, each a few
     * times, some rows skipped. Each pass finds the ranges of the first again instead of adding copies of them.
     */
    @Test
    void aGappedRunOfIndicesCheckedAgainInTheEpochFindsItsRangesAgain() {
        ThreadState[] t = sim.forkedThreads(2);
        ArrayShadow a = rig.array(double[].class, 1000);
        for (int pass = 0; pass < 10; pass++) {
            for (int row = 0; row < 1000; row++) {
                for (int nonZero = 0; nonZero < (row % 25 == 24 ? 0 : 3); nonZero++) {   // every 25th row empty
                    rig.write(t[0], a, row, row + 1, 1, 5);
                }
            }
        }
        assertEquals(0, t[0].checks, "the footprint never filled: 40 runs of rows, found again on each pass");
        rig.checks.commit(t[0]);
        assertEquals(40, t[0].checks, "one write per run of rows");
        rig.read(t[1], a, 30, 31, 1, 9);
        rig.read(t[1], a, 49, 50, 1, 9);                            // an empty row: no race
        rig.checks.commit(t[1]);
        assertEquals(List.of(new ArrayRig.Location("double[]", 30, RaceKind.WRITE_READ)), rig.races);
        assertEquals(List.of(9), rig.raceSites, "reported at the read");
    }

    @Test
    void scatteredSinglesOfOneSiteGoToABitmapThatCommitsItsRuns() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 1000);
        for (int i = 0; i < 10 * Footprint.MAX_RANGES * 1000 / 7; i++) {
            int index = 7 * i % 1000;                              // every index, scattered, each many times
            rig.read(t, a, index, index + 1, 1, 5);
        }
        assertEquals(0, t.checks, "the footprint never filled");
        assertFalse(t.footprint().isEmpty());
        rig.checks.commit(t);
        assertTrue(t.footprint().isEmpty());
        assertEquals(Footprint.MERGE_TRIES + 2 * Footprint.MERGE_TRIES, t.checks,
                "the singles before the bitmap, then its one run [0, 1000) on each of the segments they cut");
        assertFalse(a.isFine());
        assertEquals(1, a.segmentCount(), "read at one epoch from one site: the segments merge back");
        assertFalse(a.perElement(), "a bitmap's checks coalesce");
    }

    /**
     * A site reaches its SCATTERED bitmap in one probe; after a commit the bitmap is another key's, and the site's
     * singles must not go into it: here array b's bitmap, then a's read of element 3 that races.
     */
    @Test
    void aSitesSinglesNeverGoToAnotherKeysBitmapAfterACommit() {
        ThreadState[] t = sim.forkedThreads(2);
        ArrayShadow a = rig.array(int[].class, 1000);
        ArrayShadow b = rig.array(int[].class, 1000);
        scatteredReads(t[0], a, 5);
        rig.checks.commit(t[0]);
        scatteredReads(t[0], b, 5);                                // the same site, now b's bitmap
        rig.read(t[0], a, 3, 4, 1, 5);
        scatteredReads(t[0], b, 6);                                // another site of b, its own bitmap
        rig.write(t[0], b, 0, 1, 1, 6);                            // a write of site 6: not into its reads' bitmap
        rig.checks.commit(t[0]);
        rig.write(t[1], a, 3, 4, 1, 8);
        rig.write(t[1], b, 0, 1, 1, 9);
        rig.checks.commit(t[1]);
        assertEquals(List.of(new ArrayRig.Location("int[]", 3, RaceKind.READ_WRITE),
                new ArrayRig.Location("int[]", 0, RaceKind.WRITE_WRITE)), rig.races);
        assertEquals(List.of(8, 9), rig.raceSites);
    }

    /** Reads of {@code a} from {@code site} at scattered indices, enough to start a bitmap, none of them element 3. */
    private void scatteredReads(ThreadState t, ArrayShadow a, int site) {
        for (int i = 1; i <= 4 * Footprint.MERGE_TRIES; i++) {
            rig.read(t, a, 10 + 7 * i, 11 + 7 * i, 1, site);
        }
    }

    @Test
    void aFullFootprintCommitsItself() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 1000);
        for (int i = 0; i < Footprint.MAX_RANGES - 1; i++) {
            rig.read(t, a, 3 * i, 3 * i + 1, 1, 5 + i);           // scattered, one site each: nothing merges
        }
        assertEquals(0, t.checks);
        rig.read(t, a, 999, 1000, 1, 5);
        assertTrue(t.footprint().isEmpty());
        assertEquals(Footprint.MAX_RANGES, t.checks);
        assertFalse(a.isFine());
        assertEquals(new ArrayShadow.Shape(127, 0, 127), a.shape(),
                "each read index its own segment, the gaps between them one segment each: [0,1) [1,3) .. [187,999) [999,1000)");
    }

    @Test
    void readsAreDroppedOnlyWhereAWriteOfTheirOwnArrayCoversThem() {
        ThreadState t = Sim.thread(0);
        ArrayShadow[] arrays = new ArrayShadow[20];
        for (int k = 0; k < arrays.length; k++) {
            arrays[k] = rig.array(int[].class, 10);
        }
        for (int round = 0; round < 2; round++) {                   // twice: the footprint's tables are reused
            t.checks = 0;
            for (int k = 0; k < arrays.length; k++) {
                rig.write(t, arrays[k], k % 10, k % 10 + 1, 1, 1);
                rig.read(t, arrays[k], k % 10, k % 10 + 1, 1, 2);                 // covered: dropped
                rig.read(t, arrays[(k + 1) % arrays.length], k % 10, k % 10 + 1, 1, 3);   // another array's index
            }
            rig.checks.commit(t);
            assertEquals(2 * arrays.length, t.checks, "round " + round + ": every write, and the reads no write covers");
        }
    }

    @Test
    void sameEpochChecksInsideABlockCutNothing() {
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, 1000);
        rig.write(t[1], a, 0, 1000, 1, 1);
        rig.checks.commit(t[1]);
        rig.write(t[1], a, 500, 501, 1, 2);                         // W is already t[1]'s epoch
        rig.checks.commit(t[1]);
        assertEquals(new ArrayShadow.Shape(1, 0, 1), a.shape(), "a same-epoch write of one element keeps the block whole");
        sim.order(t[1], t[2]);
        rig.read(t[2], a, 0, 1000, 1, 4);
        rig.checks.commit(t[2]);
        assertEquals(new ArrayShadow.Shape(1, 0, 1), a.shape());
        rig.read(t[2], a, 700, 701, 1, 5);                          // R is already t[2]'s epoch
        rig.checks.commit(t[2]);
        assertEquals(new ArrayShadow.Shape(1, 0, 1), a.shape(), "a same-epoch read of one element keeps the block whole");
        assertEquals(List.of(), rig.races);
    }

    @Test
    void smallArraysAreFineFromBirthAndSkipFootprintsAndRaceAtTheExactIndex() {
        int small = ArrayShadow.Bounds.DEFAULT.smallLength();
        for (int n : new int[] {small, small + 1}) {
            ArrayRig r = new ArrayRig(true, true);
            ThreadState[] t = new Sim().forkedThreads(3);
            ArrayShadow a = r.array(int[].class, n);
            assertEquals(n <= small, a.small());
            assertEquals(n <= small, a.isFine(), "length " + n + ": born FINE only if SMALL");
            r.write(t[1], a, 0, n, 1, 1);
            assertEquals(n <= small, t[1].footprint().isEmpty(), "length " + n + ": a SMALL array's range skips the footprint");
            assertEquals(n <= small ? n : 0, t[1].checks, "length " + n + ": SMALL: one operation per element at once");
            r.checks.commit(t[1]);
            r.read(t[2], a, 3, 4, 1, 2);                            // unordered with t[1]'s write
            assertEquals(n <= small, t[2].footprint().isEmpty(), "length " + n + ": a SMALL array's single skips the footprint");
            r.checks.commit(t[2]);
            assertEquals(List.of(new ArrayRig.Location("int[]", 3, RaceKind.WRITE_READ)), r.races, "length " + n);
            assertEquals(List.of(2), r.raceSites);
        }
    }

    @Test
    void aSingleInsideARangeOfTheSameCommitCutsNothing() {
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, 100);
        rig.write(t[1], a, 0, 100, 1, 1);
        rig.checks.commit(t[1]);
        sim.order(t[1], t[2]);
        rig.write(t[2], a, 40, 41, 1, 2);                           // a pivot swap, then the suffix around it
        rig.write(t[2], a, 10, 100, 1, 3);
        rig.checks.commit(t[2]);
        assertEquals(new ArrayShadow.Shape(2, 0, 2), a.shape(),
                "[0,10) [10,100): the range went first, and the single in it took the same-epoch rule");
        assertEquals(List.of(), rig.races);
    }

    /** An adaptive rig with the runtime's bounds, but whose arrays never go PER-ELEMENT. */
    private static ArrayRig neverPerElement() {
        ArrayShadow.Bounds d = ArrayShadow.Bounds.DEFAULT;
        return new ArrayRig(true, true, new ArrayShadow.Bounds(d.smallLength(), Integer.MAX_VALUE, d.fragmentMin(),
                d.fragmentDivisor(), d.singlesPerRange(), d.longRange(), d.pageLength(), d.pagedFrom()));
    }

    @Test
    void singleChecksThatNeverGoPerElementFragmentPastTheirBound() {
        int n = 100_000;
        ArrayShadow.Bounds d = ArrayShadow.Bounds.DEFAULT;
        int bound = Math.max(d.fragmentMin(), n / d.fragmentDivisor()) + d.singlesPerRange();   // one range taken
        singlesFragmentPast(byte[].class, n, bound, 2 * bound);
    }

    /**
     * An array of a few dozen elements read one element per call (each of lucene's term scorers reads its
     * {@code int[32]} buffers so): its singles fragment it at half its length, not at 64 short checks that cut, which
     * its 32 elements could only reach across epochs.
     */
    @Test
    void singlesFragmentAShortArrayAtHalfItsLength() {
        int n = 32;
        ArrayShadow.Bounds d = ArrayShadow.Bounds.DEFAULT;
        int bound = n / 2 + d.singlesPerRange();                                                  // one range taken
        assertTrue(bound < d.fragmentMin() && n > d.smallLength());
        singlesFragmentPast(int[].class, n, bound, n);
    }

    /**
     * Thread 1 writes a whole array of {@code n} elements (one long range), then thread 2, unordered with it, reads
     * {@code reads} scattered single elements, committing each: the shadow goes FINE at the first read past
     * {@code bound}, never PER-ELEMENT, and every read races with the write.
     */
    private void singlesFragmentPast(Class<?> type, int n, int bound, int reads) {
        ArrayRig never = neverPerElement();
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = never.array(type, n);
        never.write(t[1], a, 0, n, 1, 1);
        never.checks.commit(t[1]);
        for (int i = 0; i < reads; i++) {
            int index = (int) ((i * 7919L) % n);                       // distinct for n reads: 7919 is prime
            never.read(t[2], a, index, index + 1, 1, 10 + i % 8);
            never.checks.commit(t[2]);
            assertFalse(a.perElement());
            assertEquals(i >= bound, a.isFine(), "FRAGMENTATION fires at the first single past its bound, i=" + i);
        }
        assertEquals(reads, never.racedIndices().size(), "every element thread 2 read races with thread 1's write");
    }

    @Test
    void shortRangesCountAsSinglesAndLongOnesPayForThem() {
        int n = 100_000;
        ArrayShadow.Bounds d = ArrayShadow.Bounds.DEFAULT;
        ArrayRig never = neverPerElement();
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = never.array(int[].class, n);
        never.write(t[1], a, 0, n, 1, 1);                             // one long range
        never.checks.commit(t[1]);
        int bound = Math.max(d.fragmentMin(), n / d.fragmentDivisor()) + d.singlesPerRange();
        for (int i = 0; i < bound; i++) {                           // a pair per epoch, appended: xalan's buffers
            never.write(t[2], a, 2 * i, 2 * i + 2, 1, 2);
            never.checks.commit(t[2]);
            sim.order(t[2], t[0]);                                  // t[2]'s next epoch
        }
        assertFalse(a.isFine(), "at the bound");
        never.write(t[2], a, 2 * bound, 2 * bound + d.longRange(), 1, 3);   // a long range pays for more
        never.checks.commit(t[2]);
        for (int i = 0; i < d.singlesPerRange(); i++) {
            never.write(t[2], a, 3 * n / 4 + 3 * i, 3 * n / 4 + 3 * i + 3, 1, 2);
            never.checks.commit(t[2]);
            sim.order(t[2], t[0]);
        }
        assertFalse(a.isFine(), "the long range paid for " + d.singlesPerRange() + " short ones");
        never.write(t[2], a, n - 2, n, 1, 2);
        never.checks.commit(t[2]);
        assertTrue(a.isFine(), "FRAGMENTATION at the first short range past the bound");
        assertEquals(2 * bound + d.longRange() + 3 * d.singlesPerRange() + 2, never.racedIndices().size(),
                "every index t[2] wrote races with t[1]'s unordered write");
    }

    @Test
    void scatteredBlocksOfAFewElementsGoPerElementThenFine() {
        int n = 30_000;
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, n);
        int lead = ArrayShadow.Bounds.DEFAULT.perElementLead();
        for (int i = 0; i <= lead; i++) {
            int j = (int) ((i * 7919L) % (n / 3));                   // moldyn's f[3j..3j+2], scattered j
            rig.write(t[1], a, 3 * j, 3 * j + 3, 1, 1);
        }
        assertTrue(a.perElement(), "blocks that merge into nothing count as unmerged singles do");
        assertFalse(a.isFine(), "still in the footprint");
        rig.write(t[1], a, 0, 3, 1, 1);
        assertFalse(a.isFine(), "a block the thread wrote in this epoch (the first one, committed when the footprint "
                + "filled) cuts nothing, so it does not count (SAME EPOCH)");
        rig.write(t[1], a, n - 3, n, 1, 1);
        assertTrue(a.isFine(), "the next new block is checked at once and makes the shadow FINE");
        rig.checks.commit(t[1]);
        rig.write(t[2], a, 0, n, 1, 2);
        rig.checks.commit(t[2]);
        assertEquals(3 * (lead + 2), rig.racedIndices().size(), "t[2]'s write races on each block t[1] wrote");
    }

    @Test
    void scatteredSingleChecksGoPerElementThenFineAndRaceWhereFineCheckingDoes() {
        int n = 100_000;
        ArrayRig fine = new ArrayRig(true, false);
        List<Set<String>> raced = new java.util.ArrayList<>();
        for (ArrayRig r : List.of(rig, fine)) {
            ThreadState[] t = new Sim().forkedThreads(3);
            ArrayShadow a = r.array(byte[].class, n);
            r.write(t[1], a, 0, n, 1, 1);                           // unordered with t[2]: every read below races
            r.checks.commit(t[1]);
            int bound = Math.max(ArrayShadow.Bounds.DEFAULT.fragmentMin(), n / ArrayShadow.Bounds.DEFAULT.fragmentDivisor());
            int singles = ArrayShadow.Bounds.DEFAULT.perElementLead();
            for (int i = 0; i < 2 * bound; i++) {
                int index = (int) ((i * 7919L) % n);                // scattered: no two merge
                if (r == rig && i == singles + 1) {
                    assertTrue(a.perElement(), "more unmerged singles than the bound");
                    r.checks.commit(t[2]);
                    assertTrue(a.isFine(), "the first single committed after the array went per-element made it FINE");
                }
                r.read(t[2], a, index, index + 1, 1, 10 + i % 8);
                if (r == fine || i >= singles + 1) {
                    assertTrue(t[2].footprint().isEmpty(), "a single check of a FINE shadow skips the footprint");
                }
            }
            r.checks.commit(t[2]);
            assertTrue(a.isFine());
            assertEquals(2 * bound, r.racedIndices().size());
            raced.add(r.racedIndices());
        }
        assertEquals(raced.get(1), raced.get(0), "adaptive races where fine does");
    }

    /**
     * xalan's tables: a large array written whole, then used at a few hot slots, goes FINE; its words are made only
     * for the pages those slots are in, each element starting from the whole-array write, so a later unordered
     * write still races on every element, in pages made by then and pages made by the race's own check.
     */
    @Test
    void aLargeArrayThatGoesFineAtAFewHotSlotsMakesWordsOnlyForTheirPages() {
        int n = 8192;
        int page = ArrayShadow.Bounds.DEFAULT.pageLength();
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(Object[].class, n);
        rig.write(t[1], a, 0, n, 1, 1);
        rig.checks.commit(t[1]);
        ArrayShadow.Bounds d = ArrayShadow.Bounds.DEFAULT;
        int bound = Math.max(d.fragmentMin(), n / d.fragmentDivisor()) + d.singlesPerRange();   // one range taken
        for (int i = 0; i <= bound; i++) {
            int slot = (i % 4) * 97;                                 // four hot slots in four pages
            rig.write(t[1], a, slot, slot + 1, 1, 2);
            rig.checks.commit(t[1]);
            LockState lock = new LockState();
            rig.ft.acquire(t[1], lock);
            rig.ft.release(t[1], lock);                                 // a new epoch: each single is a check
        }
        assertTrue(a.isFine());
        long pages = ArrayShadow.STATE_BYTES + 8L * (n / page) + 16 + 4 * (16L * page + 16);
        assertTrue(rig.allocated.sum() < pages + 64 * ArrayShadow.STATE_BYTES, "the whole-array state, cut copies, the "
                + "page table and four pages, not " + ArrayShadow.wordBytes(n) + " bytes of words: " + rig.allocated.sum());
        assertEquals(List.of(), rig.races);
        rig.write(t[2], a, 0, n, 1, 3);
        rig.checks.commit(t[2]);
        assertEquals(n, rig.racedIndices().size(), "every element keeps t[1]'s write");
    }

    @Test
    void overlappingStridesRaceWhereTheyMeetAsFineCheckingDoes() {
        Set<String> expected = Set.of("int[][0]", "int[][6]", "int[][12]");
        assertEquals(expected, overlappingStrides(new ArrayRig(false, false)));
        assertEquals(expected, overlappingStrides(rig));
    }

    private Set<String> overlappingStrides(ArrayRig r) {
        ThreadState[] t = new Sim().forkedThreads(3);
        ArrayShadow a = r.array(int[].class, 16);
        r.write(t[1], a, 0, 16, 2, 1);
        r.write(t[1], a, 4, 20, 2, 1);                              // overlaps the first: merged
        r.read(t[2], a, 0, 16, 3, 2);
        r.checks.commit(t[1]);
        r.checks.commit(t[2]);
        if (!a.isFine()) {
            assertEquals(new ArrayShadow.Shape(1, 1, 6), a.shape(), "stride 2, then 3: one segment of modulus 6");
        }
        return r.racedIndices();
    }

    @Test
    void withAPlacementVerifierRangeChecksAreImmediateAndPerElement() {
        ThreadState t = Sim.thread(0);
        ArrayShadow a = rig.array(int[].class, 8);
        List<String> violations = new java.util.ArrayList<>();
        PlacementVerifier v = new PlacementVerifier("t", (kind, thread, location, site) ->
                violations.add(kind.id + "@" + ((ArrayVarState) location).first));
        rig.checks.check(t, a, 0, 8, 2, true, 1, v);
        assertTrue(t.footprint().isEmpty(), "verify mode bypasses the footprint");
        assertEquals(4, t.checks);
        assertTrue(a.isFine(), "the verifier needs one location per element");
        for (int i = 0; i < 8; i++) {
            v.access(a.element(i), true, 2);
        }
        v.end();
        assertEquals(Set.of("uncovered-access@1", "uncovered-access@3", "uncovered-access@5", "uncovered-access@7"),
                Set.copyOf(violations), "only the odd elements were not checked");
    }

    @Test
    void aShrinkingSuffixSplitsOncePerStep() {
        int n = 24;
        Lufact blocks = lufact(rig, n, -1);
        assertEquals(List.of(), rig.races);
        assertEquals(n, blocks.array.segmentCount(), "one split, so one more block, per step");
        assertEquals(n * UniformWords.BYTES + Segments.bytesToHold(n), rig.allocated.sum(),
                "every block's state in words (none read-shared), and their table");
        assertEquals(n, blocks.checks, "the suffix is one block: written once, its read subsumed");
        ArrayRig fine = new ArrayRig(false, false);
        Lufact elements = lufact(fine, n, -1);
        assertEquals(ArrayShadow.wordBytes(n), fine.allocated.sum(), "fine: words, no state inflated");
        assertEquals(n * (n + 1), elements.checks, "fine: a read and a write per index of every suffix");
    }

    @Test
    void aLongShrinkingSuffixStaysInBlocks() {
        int n = 1000;
        Lufact run = lufact(rig, n, -1);
        assertEquals(List.of(), rig.races);
        assertFalse(run.array.isFine());
        assertEquals(n, run.array.segmentCount(), "each index was last written at its own step: n distinct states");
        assertEquals(n, run.checks, "one FastTrack operation per step, where fine checking needs n * (n + 1)");
    }

    @Test
    void anUnlockedSuffixStepRacesOnTheSameIndicesAsFineChecking() {
        for (int n : new int[] {24, 100}) {
            for (int unlocked : new int[] {0, 5, 40}) {
                ArrayRig fine = new ArrayRig(false, false);
                ArrayRig adaptive = new ArrayRig(true, true);
                lufact(fine, n, unlocked);
                lufact(adaptive, n, unlocked);
                assertEquals(unlocked < n, !fine.races.isEmpty());
                assertEquals(fine.racedIndices(), adaptive.racedIndices(), "n=" + n + " unlocked step " + unlocked);
            }
        }
    }

    @Test
    void anInterleavedPartitionStaysOneStridedSegment() {
        int n = 999;
        ArrayRig fine = new ArrayRig(true, false);
        ArrayShadow a = interleaved(rig, n, 3, 4);
        interleaved(fine, n, 3, 4);
        assertEquals(List.of(), rig.races);
        assertEquals(List.of(), fine.races);
        assertEquals(new ArrayShadow.Shape(1, 1, 3), a.shape(), "thread t's indices t, t+3, .. are one residue class");
        assertEquals(UniformWords.BYTES + 3 * ArrayShadow.STATE_BYTES + Segments.bytesToHold(1), rig.allocated.sum(),
                "COARSE's words, then a state per residue class, in a table of one segment");
        assertEquals(ArrayShadow.wordBytes(n), fine.allocated.sum());
    }

    @Test
    void anInterleavedPartitionWithOneStrayIndexRacesThereOnly() {
        ArrayRig fine = new ArrayRig(false, false);
        for (ArrayRig r : List.of(rig, fine)) {
            ThreadState[] t = new Sim().forkedThreads(3);
            ArrayShadow a = r.array(int[].class, 90);
            r.write(t[1], a, 1, 90, 2, 1);
            r.write(t[2], a, 0, 90, 2, 2);
            r.read(t[2], a, 41, 42, 1, 3);                          // an odd index: thread 1's
            r.checks.commit(t[1]);
            r.checks.commit(t[2]);
        }
        assertEquals(Set.of("int[][41]"), fine.racedIndices());
        assertEquals(fine.raceEvents(), rig.raceEvents());
    }

    @Test
    void redBlackSweepsKeepAFewStridedSegments() {
        int n = 100;
        ArrayRig fine = new ArrayRig(true, false);
        ArrayShadow a = redBlack(rig, n, 2);
        ArrayShadow.Shape afterOneSweep = a.shape();
        redBlack(rig, n, 10);
        redBlack(fine, n, 10);
        assertEquals(List.of(), rig.races);
        assertEquals(List.of(), fine.races);
        assertEquals(new ArrayShadow.Shape(4, 2, 6), afterOneSweep, "[0,1) [1,2) [2,98) [98,100), the last two red/black");
        assertEquals(afterOneSweep, a.shape(), "later sweeps split nothing more");
    }

    @Test
    void blocksRewrittenInOneEpochMergeBack() {
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, 1000);
        rig.write(t[1], a, 0, 500, 1, 1);
        rig.write(t[2], a, 500, 1000, 1, 2);
        barrier(rig, t[1], t[2]);
        assertEquals(2, a.segmentCount());
        rig.write(t[1], a, 0, 1000, 1, 3);
        rig.checks.commit(t[1]);
        assertEquals(List.of(), rig.races);
        assertEquals(new ArrayShadow.Shape(1, 0, 1), a.shape(), "same W, R, V and sites: one block again");
        rig.write(t[2], a, 999, 1000, 1, 4);
        rig.checks.commit(t[2]);
        assertEquals(List.of(new ArrayRig.Location("double[]", 999, RaceKind.WRITE_WRITE)), rig.races,
                "the merged block kept the history of the index it took over");
    }

    @Test
    void anInterleavedPartitionRewrittenWholeCollapsesToOneBlock() {
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, 1000);
        rig.write(t[1], a, 0, 1000, 2, 1);
        rig.write(t[2], a, 1, 1000, 2, 2);
        barrier(rig, t[1], t[2]);
        assertEquals(new ArrayShadow.Shape(1, 1, 2), a.shape());
        rig.write(t[1], a, 0, 1000, 1, 3);
        rig.checks.commit(t[1]);
        assertEquals(List.of(), rig.races);
        assertEquals(new ArrayShadow.Shape(1, 0, 1), a.shape(), "both classes now hold one history");
        rig.read(t[2], a, 0, 1000, 1, 4);
        rig.checks.commit(t[2]);
        assertEquals(1000, rig.racedIndices().size(), "the collapsed block races on every index");
    }

    @Test
    void aShrinkingSuffixSplitBetweenThreadsAddsTwoBlocksPerStep() {
        int n = 100_000;
        int steps = 100;
        ThreadState[] t = sim.forkedThreads(3);
        ArrayShadow a = rig.array(double[].class, n);
        for (int k = 0; k < steps; k++) {
            int j = k * (n / steps);
            int mid = j + (n - j) / 2;
            rig.read(t[1], a, j, mid, 1, 1);
            rig.write(t[1], a, j, mid, 1, 2);
            rig.read(t[2], a, mid, n, 1, 3);
            rig.write(t[2], a, mid, n, 1, 4);
            barrier(rig, t[1], t[2]);
        }
        assertEquals(List.of(), rig.races);
        assertTrue(a.segmentCount() <= 2 * steps + 1, a.shape().toString());
        assertTrue(rig.allocated.sum() <= (2 * steps + 1) * ArrayShadow.STATE_BYTES, "states, where fine checking has " + n);
    }

    @Test
    void lufactsPivotingStaysInSegmentsWithAStatePerStepAndRacesAsFineShadowsDo() {
        int n = 96;
        ArrayRig fine = new ArrayRig(true, false);
        Factorisation adaptive = factorise(rig, n, -1);
        Factorisation elements = factorise(fine, n, -1);
        assertEquals(List.of(), rig.races);
        assertEquals(List.of(), fine.races);
        for (int j = 0; j < n; j++) {
            ArrayShadow column = adaptive.columns[j];
            assertFalse(column.isFine(), "column " + j + ": its pivot swaps are paid for by its suffix updates");
            assertTrue(column.segmentCount() <= j + 2, "column " + j + ": O(steps) segments, " + column.shape()
                    + ": rows 0..j each last written at its own step, the rest once, as pivot column");
        }
        assertTrue(fine.allocated.sum() > (n + 1) * ArrayShadow.wordBytes(n),
                "fine: words for every column and the outer array, and the states of elements read by both threads");
        long states = rig.allocated.sum() / ArrayShadow.STATE_BYTES;
        assertTrue(states < (n * n + n) * 6 / 10, "states made, cut copies included: " + states + " for " + (n * n + n) + " elements");
        assertTrue(adaptive.checks * 10 < elements.checks,
                "FastTrack operations: " + adaptive.checks + " where fine makes " + elements.checks);
        for (int unsynchronised : new int[] {0, 40, n - 3}) {
            ArrayRig racyFine = new ArrayRig(true, false);
            ArrayRig racyAdaptive = new ArrayRig(true, true);
            factorise(racyFine, n, unsynchronised);
            factorise(racyAdaptive, n, unsynchronised);
            assertFalse(racyFine.races.isEmpty(), "step " + unsynchronised + " reads the pivot column unordered");
            assertEquals(racyFine.racedIndices(), racyAdaptive.racedIndices(), "the same raced locations");
        }
    }

    /** The columns of a factorised matrix and the FastTrack operations it took. */
    private record Factorisation(ArrayShadow[] columns, long checks) {
    }

    /**
     * lufact's factorisation as its rewrite checks it (StaticBF coalesces each inner loop into a range check): at
     * step k worker 1 searches pivot column k for its pivot row l, swaps rows k and l and scales {@code [k+1, n)};
     * after a barrier each of two workers, for each of its columns (the columns right of k, halved), swaps rows k
     * and l, reads the pivot column's {@code [k+1, n)} and updates its own; a barrier ends the step. Step
     * {@code unsynchronised} skips the first barrier. Column and outer-array accesses use the kernel's sites.
     */
    private static Factorisation factorise(ArrayRig r, int n, int unsynchronised) {
        ThreadState[] t = new Sim().forkedThreads(3);
        ArrayShadow[] columns = new ArrayShadow[n];
        for (int j = 0; j < n; j++) {
            columns[j] = r.array(double[].class, n);
        }
        ArrayShadow outer = r.array(double[][].class, n);
        for (int k = 0; k < n - 1; k++) {
            int l = k + (int) ((k * 7919L) % (n - k));                 // the pivot row, at or below k
            ArrayShadow pivot = columns[k];
            r.read(t[1], outer, k, k + 1, 1, 1);
            r.read(t[1], pivot, k + 1, n, 1, 2);
            r.read(t[1], pivot, l, l + 1, 1, 3);
            if (l != k) {
                r.write(t[1], pivot, l, l + 1, 1, 4);
                r.write(t[1], pivot, k, k + 1, 1, 5);
            }
            r.write(t[1], pivot, k + 1, n, 1, 6);
            if (k != unsynchronised) {
                barrier(r, t[1], t[2]);
            }
            int half = k + 1 + (n - k - 1) / 2;
            for (int w = 1; w <= 2; w++) {
                r.read(t[w], outer, k, k + 1, 1, 10);
                r.read(t[w], pivot, k, k + 1, 1, 11);
                for (int j = w == 1 ? k + 1 : half; j < (w == 1 ? half : n); j++) {
                    ArrayShadow column = columns[j];
                    if (l != k) {
                        r.write(t[w], column, l, l + 1, 1, 12);
                        r.write(t[w], column, k, k + 1, 1, 13);
                    }
                    r.read(t[w], outer, j, j + 1, 1, 14);
                    r.read(t[w], column, l, l + 1, 1, 15);
                    r.read(t[w], pivot, k + 1, n, 1, 16);
                    r.write(t[w], column, k + 1, n, 1, 17);
                }
            }
            barrier(r, t[1], t[2]);
        }
        return new Factorisation(columns, t[1].checks + t[2].checks);
    }

    /** k threads; in each of {@code phases} phases, thread t reads then writes t, t+k, .. ; a barrier between. */
    private static ArrayShadow interleaved(ArrayRig r, int n, int k, int phases) {
        ThreadState[] t = new Sim().forkedThreads(k + 1);
        ArrayShadow a = r.array(double[].class, n);
        for (int p = 0; p < phases; p++) {
            for (int i = 0; i < k; i++) {
                r.read(t[i + 1], a, i, n, k, 1);
                r.write(t[i + 1], a, i, n, k, 2);
            }
            barrier(r, java.util.Arrays.copyOfRange(t, 1, k + 1));
        }
        return a;
    }

    /** One row of red-black SOR: red (odd interior) written reading black neighbours, then black; a barrier between. */
    private static ArrayShadow redBlack(ArrayRig r, int n, int sweeps) {
        ThreadState[] t = new Sim().forkedThreads(3);
        ArrayShadow a = r.array(double[].class, n);
        for (int p = 0; p < 2 * sweeps; p++) {
            int colour = p % 2;
            ThreadState w = t[1 + p % 2];
            r.read(w, a, colour == 0 ? 0 : 1, n, 2, 1);
            r.write(w, a, colour == 0 ? 1 : 2, n - 1, 2, 2);
            barrier(r, t[1], t[2]);
        }
        return a;
    }

    /** A barrier: each thread commits, then all pass through one lock twice, so each is ordered after all. */
    private static void barrier(ArrayRig r, ThreadState... ts) {
        LockState m = new LockState();
        for (int round = 0; round < 2; round++) {
            for (ThreadState st : ts) {
                r.checks.commit(st);
                r.ft.acquire(st, m);
                r.checks.commit(st);
                r.ft.release(st, m);
            }
        }
    }

    /**
     * lufact's triangular pattern: at step k one of three workers (in turn) reads then writes {@code a[k..n)} under a
     * lock, except at step {@code unlocked}. The footprint is committed before each acquire and release, as RT does.
     */
    private record Lufact(ArrayShadow array, long checks) {
    }

    private static Lufact lufact(ArrayRig r, int n, int unlocked) {
        Sim s = new Sim();
        ThreadState[] t = s.forkedThreads(4);
        LockState m = new LockState();
        ArrayShadow a = r.array(double[].class, n);
        for (int k = 0; k < n; k++) {
            ThreadState w = t[1 + k % 3];
            boolean locked = k != unlocked;
            if (locked) {
                r.checks.commit(w);
                r.ft.acquire(w, m);
            }
            r.read(w, a, k, n, 1, 10);
            r.write(w, a, k, n, 1, 11);
            r.checks.commit(w);
            if (locked) {
                r.ft.release(w, m);
            }
        }
        long checks = 0;
        for (ThreadState w : t) {
            checks += w.checks;
        }
        return new Lufact(a, checks);
    }
}
