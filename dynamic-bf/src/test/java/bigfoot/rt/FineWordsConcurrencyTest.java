package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shadow-word rules under real concurrency: two threads that are not ordered check every element of one FINE
 * array at the same time. Whatever the interleaving, FT2 reports a race on every element (whichever check comes
 * second sees the first), so the words must too: a write-write pair meets on the W word's CAS, a read-write pair
 * through the re-check after each CAS. Ordered through a lock, the same checks report nothing. The interleavings
 * the re-check exists for are too rare to meet by chance, so they are also made by hand.
 */
class FineWordsConcurrencyTest {

    private static final int LENGTH = 20_000;
    private static final int ROUNDS = 10;
    /** Pages of 8 elements for every array of more than 8. */
    private static final ArrayShadow.Bounds PAGES_OF_8 = new ArrayShadow.Bounds(8, 64, 64, 256, 4, 8, 8, 9);

    /** Collects the raced elements from any thread. */
    private static final class RacedElements implements RaceListener {
        final Set<Integer> indices = ConcurrentHashMap.newKeySet();

        @Override
        public void race(RaceKind kind, VarState var, long previous, int previousSite, ThreadState current, int currentSite) {
            indices.add(((ArrayVarState) var).first);
        }
    }

    @Test
    void twoUnorderedWritersRaceOnEveryElement() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            assertEquals(LENGTH, racedElements(true, true, false), "round " + round);
        }
    }

    @Test
    void anUnorderedReaderAndWriterRaceOnEveryElement() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            assertEquals(LENGTH, racedElements(false, true, false), "round " + round);
        }
    }

    @Test
    void unorderedReadersShareEveryElementWithoutARace() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            assertEquals(0, racedElements(false, false, false), "round " + round);
        }
    }

    /** PAGED words: the two threads also race to make each page; the loser must use the winner's. */
    @Test
    void unorderedAccessesRaceOnEveryElementOfPagesMadeByBothThreadsAtOnce() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            assertEquals(LENGTH, racedElements(true, true, true), "writers, round " + round);
            assertEquals(LENGTH, racedElements(true, false, true), "a writer and a reader, round " + round);
            assertEquals(0, racedElements(false, false, true), "readers, round " + round);
        }
    }

    @Test
    void writersOrderedByALockDoNotRace() throws Exception {
        RacedElements raced = new RacedElements();
        FastTrack ft = new FastTrack(raced);
        FineWords words = new FineWords(int[].class, LENGTH, new LongAdder());
        ThreadState[] t = forked(ft, 3);
        LockState lock = new LockState();
        Object monitor = new Object();
        Consumer<ThreadState> writeAll = st -> {
            synchronized (monitor) {
                ft.acquire(st, lock);
                for (int i = 0; i < LENGTH; i++) {
                    ft.checkFine(st, words, i, true, 1);
                }
                ft.release(st, lock);
            }
        };
        runTogether(() -> writeAll.accept(t[1]), () -> writeAll.accept(t[2]));
        assertEquals(Set.of(), raced.indices);
    }

    /** The interleaving the re-check is for, made by hand: a writer checked R, then a reader's CAS, then the writer's. */
    @Test
    void aWriterWhoseCheckOfRMissedAConcurrentReadFindsItAfterItsCas() {
        Sim sim = new Sim();
        FineWords words = new FineWords(int[].class, 4, new LongAdder());
        ThreadState[] t = sim.forkedThreads(3);
        long seenW = words.word(words.block(2), 2, true);
        long seenR = words.word(words.block(2), 2, false);
        sim.ft.checkFine(t[1], words, 2, false, 11);                   // the reader's READ EXCLUSIVE
        assertTrue(sim.ft.writeExclusive(t[2], words, words.block(2), 2, 22, seenW, seenR));
        RecordingListener.Reported race = sim.listener.only();
        assertEquals(RaceKind.READ_WRITE, race.kind());
        assertEquals(t[1].epoch, race.previous());
        assertEquals(11, race.previousSite());
        assertEquals(22, race.currentSite());
        assertEquals(2, ((ArrayVarState) race.var()).first);
    }

    @Test
    void aReaderWhoseCheckOfWMissedAConcurrentWriteFindsItAfterItsCas() {
        Sim sim = new Sim();
        FineWords words = new FineWords(int[].class, 4, new LongAdder());
        ThreadState[] t = sim.forkedThreads(3);
        long seenW = words.word(words.block(1), 1, true);
        long seenR = words.word(words.block(1), 1, false);
        sim.ft.checkFine(t[2], words, 1, true, 22);                    // the writer's WRITE EXCLUSIVE
        assertTrue(sim.ft.readExclusive(t[1], words, words.block(1), 1, 11, seenW, seenR));
        RecordingListener.Reported race = sim.listener.only();
        assertEquals(RaceKind.WRITE_READ, race.kind());
        assertEquals(t[2].epoch, race.previous());
        assertEquals(22, race.previousSite());
        assertEquals(11, race.currentSite());
    }

    @Test
    void aCasOverAStaleWordFailsSoTheCheckStartsAgain() {
        Sim sim = new Sim();
        FineWords words = new FineWords(int[].class, 1, new LongAdder());
        ThreadState[] t = sim.forkedThreads(3);
        long seenW = words.word(words.block(0), 0, true);
        sim.ft.checkFine(t[1], words, 0, true, 11);
        long seenR = words.word(words.block(0), 0, false);
        assertFalse(sim.ft.writeExclusive(t[2], words, words.block(0), 0, 22, seenW, seenR), "W changed since it was seen");
        assertEquals(List.of(), sim.listener.races, "nothing reported until the check starts again");
        sim.ft.checkFine(t[2], words, 0, true, 22);
        assertEquals(RaceKind.WRITE_WRITE, sim.listener.only().kind());
    }

    /**
     * The writer's interleaving above through the EXCLUSIVE path a FINE element's check takes first
     * ({@code exclusiveFine}), which must hand its CAS to the rule's re-check.
     */
    @Test
    void theFineElementsExclusivePathRechecksTheOtherWordAfterItsCas() {
        Sim sim = new Sim();
        FineWords words = new FineWords(int[].class, 4, new LongAdder());
        ThreadState[] t = sim.forkedThreads(3);
        long[] block = words.block(2);
        long seenW = words.word(block, 2, true);
        long seenR = words.word(block, 2, false);
        sim.ft.checkFine(t[1], words, 2, false, 11);                   // the reader's READ EXCLUSIVE
        assertTrue(sim.ft.exclusiveFine(t[2], words, block, 2, seenW, seenR, true, 22));
        RecordingListener.Reported race = sim.listener.only();
        assertEquals(RaceKind.READ_WRITE, race.kind());
        assertEquals(11, race.previousSite());
        assertEquals(22, race.currentSite());
    }

    /**
     * Threads 1 and 2, forked by 0 and not ordered, check every element at once, of FLAT words or of PAGED ones
     * (pages of 8, every element starting fresh); returns how many raced.
     */
    private static int racedElements(boolean firstWrites, boolean secondWrites, boolean paged) throws Exception {
        RacedElements raced = new RacedElements();
        FastTrack ft = new FastTrack(raced);
        ArrayVarState fresh = new ArrayVarState(int[].class, 0, LENGTH, 1);
        FineWords words = paged ? new FineWords(int[].class, LENGTH, new LongAdder(), PAGES_OF_8, (first, end) -> {
            VarState[] states = new VarState[end - first];
            java.util.Arrays.fill(states, fresh);
            return states;
        })
                : new FineWords(int[].class, LENGTH, new LongAdder());
        ThreadState[] t = forked(ft, 3);
        runTogether(() -> checkAll(ft, words, t[1], firstWrites, 1), () -> checkAll(ft, words, t[2], secondWrites, 2));
        return raced.indices.size();
    }

    private static void checkAll(FastTrack ft, FineWords words, ThreadState st, boolean write, int site) {
        for (int i = 0; i < LENGTH; i++) {
            ft.checkFine(st, words, i, write, site);
        }
    }

    private static ThreadState[] forked(FastTrack ft, int n) {
        ThreadState[] ts = new ThreadState[n];
        ts[0] = Sim.thread(0);
        for (int i = 1; i < n; i++) {
            ts[i] = Sim.thread(i);
            ft.fork(ts[0], ts[i]);
        }
        return ts;
    }

    private static void runTogether(Runnable a, Runnable b) throws Exception {
        CyclicBarrier start = new CyclicBarrier(2);
        Thread other = new Thread(() -> {
            await(start);
            b.run();
        });
        other.start();
        await(start);
        a.run();
        other.join();
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
