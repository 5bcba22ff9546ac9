package bigfoot.rt;

import bigfoot.rt.report.Race;
import bigfoot.rt.report.RaceKind;
import bigfoot.rt.report.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The RT facade with real threads, as rewritten code would call it: shadows found or made lazily,
 * silent on accesses that will throw, and the JVM's synchronisation turned into the right edges.
 * Threads are forked through RT.fork, so two workers are unordered unless the test synchronises them.
 */
class RtFacadeTest {

    /**
     * A class as the rewriter leaves it: field x with its shadow words, its VarState (made when inflated) and its
     * FieldShadow; volatile field flag with its VarState and FieldShadow.
     */
    static final class Rewritten implements Cloneable {
        int x;
        volatile transient VarState __bf$s$x;
        volatile transient long __bf$w$x;
        volatile transient long __bf$r$x;
        static final FieldShadow X = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(Rewritten.class, "__bf$w$x"),
                AtomicLongFieldUpdater.newUpdater(Rewritten.class, "__bf$r$x"),
                AtomicReferenceFieldUpdater.newUpdater(Rewritten.class, VarState.class, "__bf$s$x"));
        volatile boolean flag;
        volatile transient VarState __bf$s$flag;
        static final FieldShadow FLAG = RT.fieldShadow(null, null,
                AtomicReferenceFieldUpdater.newUpdater(Rewritten.class, VarState.class, "__bf$s$flag"));

        /** The check rewritten code makes before {@code x = ..}. */
        void write(ThreadState ts, int site) {
            RT.writeField(this, __bf$w$x, X, ts, site);
        }

        /** The check rewritten code makes before {@code .. = x}. */
        void read(ThreadState ts, int site) {
            RT.readField(this, __bf$r$x, X, ts, site);
        }

        /** The checks StaticBF makes before {@code x = ..} and {@code .. = x} in a constructor, before this can escape. */
        void writeFresh(ThreadState ts, int site) {
            RT.writeFresh(this, __bf$w$x, X, ts, site);
        }

        void readFresh(ThreadState ts, int site) {
            RT.readFresh(this, __bf$r$x, X, ts, site);
        }

        @Override
        public Rewritten clone() throws CloneNotSupportedException {
            return (Rewritten) super.clone();
        }
    }

    private final ThreadState main = RT.thread();

    @AfterEach
    void detectorStaysEnabled() {
        assertFalse(Engine.instance().detector.isDisabled(), "an entry point failed internally");
    }

    @Test
    void checksOfAccessesThatWillThrowOrPrecedeTheirShadowAreIgnored() {
        int site = sites("[]");
        RT.readArray(null, 0, main, site);
        RT.writeArray(new int[2], 2, main, site);
        RT.writeArray(new int[2], -1, main, site);
        RT.readArray(new Object[0], 0, main, site);
        RT.readForeign(null, "java.lang.Thread.name", main, site);
        RT.readStatic(null, main, site);                          // checked before <clinit> made the shadow
        RT.volatileWriteStatic(null, main);
        RT.acquire(null, main);
        RT.join(null, main);
    }

    @Test
    void arrayElementsAreCheckedOneByOne() throws InterruptedException {
        int site = sites("[]", "[]");
        int[] a = new int[4];
        long[] other = new long[4];
        forked("w1", ts -> {
            RT.writeArray(a, 1, ts, site);
            RT.writeArray(other, 1, ts, site + 1);               // a second array: the thread's cache holds both
            RT.writeArray(a, 2, ts, site);
        });
        forked("w2", ts -> RT.writeArray(a, 3, ts, site));
        assertEquals(List.of(), racesAt(site, 2), "different elements do not race");
        forked("w3", ts -> RT.readArray(a, 1, ts, site + 1));
        List<Race> races = racesAt(site, 2);
        assertEquals(1, races.size());
        assertEquals(RaceKind.WRITE_READ, races.get(0).kind());
        assertEquals(new Target("array", "int[]", null, 1), races.get(0).target());
        assertEquals("w1", races.get(0).previous().thread());
        assertEquals("w3", races.get(0).current().thread());
    }

    @Test
    void aReadSharedElementsReadInANewEpochIsRecordedAndOneInTheSameEpochChangesNothing() throws Exception {
        int site = sites("[]", "[]", "[]");
        int[] a = new int[4];
        Object lock = new Object();
        forked("reader", ts -> {
            RT.readElement(RT.arrayShadow(a, ts), 2, ts, site);
            synchronized (lock) {                                        // the writer will be ordered after this read
                RT.acquire(lock, ts);
                RT.release(lock, ts);
            }
        });
        Object shadow = RT.arrayShadow(a, main);
        RT.readElement(shadow, 2, main, site + 1);                       // READ SHARE: a[2] inflated
        VarState shared = ((ArrayShadow) shadow).element(2);
        assertEquals(Epoch.SHARED, shared.r);
        long checks = main.checks;
        RT.readElement(shadow, 2, main, site + 1);                       // READ SHARED SAME EPOCH: nothing changes
        assertEquals(checks + 1, main.checks, "counted");
        assertSame(shared, ((ArrayShadow) shadow).element(2));
        CountDownLatch read = new CountDownLatch(1);
        Thread writer = start("writer", ts -> {                         // ordered after main's reads so far
            awaitQuietly(read);
            synchronized (lock) {
                RT.acquire(lock, ts);                                    // and after the reader's
                RT.release(lock, ts);
            }
            RT.writeElement(RT.arrayShadow(a, ts), 2, ts, site + 2);
        });
        RT.readElement(shadow, 2, main, site + 1);                       // READ SHARED in main's new epoch
        assertEquals(main.epoch, shared.get(main.tid), "the new epoch's read is recorded");
        read.countDown();
        writer.join();
        List<Race> races = racesAt(site + 2, 1);
        assertEquals(1, races.size(), "the write races with main's read after the fork, and only with it");
        assertEquals(RaceKind.SHARED_WRITE, races.get(0).kind());
        assertEquals(site + 1, races.get(0).previous().siteId());
        assertEquals(new Target("array", "int[]", null, 2), races.get(0).target());
    }

    @Test
    void anElementCheckThroughALoopsShadowLocalsIsTheSameCheck() throws InterruptedException {
        int site = sites("[]", "[]");
        int[] a = new int[4];
        assertNull(RT.arrayShadow(null, main), "a null array has no shadow");
        RT.readElement(null, 0, main, site);                      // its check is ignored: the access will throw
        assertSame(RT.arrayShadow(a, main), RT.arrayShadow(a, main), "an array keeps its shadow");
        forked("w1", ts -> {
            Object shadow = RT.arrayShadow(a, ts);                // once before the loop's first check of a
            for (int i = 0; i < a.length; i++) {
                RT.writeElement(shadow, i, ts, site);
            }
            RT.writeElement(shadow, a.length, ts, site);          // out of bounds: ignored
        });
        forked("w2", ts -> RT.readArray(a, 2, ts, site + 1));
        List<Race> races = racesAt(site, 2);
        assertEquals(1, races.size(), "the loop's write of a[2] races with the read, as readArray's would");
        assertEquals(RaceKind.WRITE_READ, races.get(0).kind());
        assertEquals(new Target("array", "int[]", null, 2), races.get(0).target());
        assertEquals("w1", races.get(0).previous().thread());
    }

    @Test
    void aFieldIsCheckedInItsWordsUntilItsReadsAreShared() throws Exception {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten r = new Rewritten();
        r.write(main, site);
        long written = main.epoch;
        Thread reader = forked("reader", ts -> r.read(ts, site));       // READ EXCLUSIVE: ordered after the write
        assertNull(r.__bf$s$x, "no VarState while the words hold the state");
        assertEquals(written, ShadowWord.epoch(r.__bf$w$x));
        assertEquals(site, ShadowWord.site(r.__bf$w$x));
        assertEquals(Engine.instance().threads.stateOf(reader).epoch, ShadowWord.epoch(r.__bf$r$x));
        r.read(main, site);                                              // READ SHARE: not ordered after reader's
        VarState inflated = r.__bf$s$x;
        assertNotNull(inflated, "inflated, for good");
        assertEquals(ShadowWord.INFLATED, r.__bf$w$x);
        assertEquals(ShadowWord.INFLATED, r.__bf$r$x);
        assertEquals(written, inflated.w, "W and its site carried over from the word");
        assertEquals(site, inflated.writeSite);
        assertEquals(Epoch.SHARED, inflated.r);
        r.read(main, site);
        assertSame(inflated, r.__bf$s$x);
        assertEquals(List.of(), racesAt(site, 1));
    }

    @Test
    void freshChecksLeaveTheStatesOrdinaryChecksWouldAndTheirRacesAreFound() throws Exception {
        String x = "bigfoot.rt.RtFacadeTest$Rewritten.x";
        int site = sites(x, x, x, x);
        Rewritten[] published = new Rewritten[1];
        long[] builderEpoch = new long[1];
        forked("builder", ts -> {
            Rewritten r = new Rewritten();
            r.writeFresh(ts, site);
            r.readFresh(ts, site + 1);
            r.writeFresh(ts, site + 2);                                  // same epoch: keeps the first write's site
            builderEpoch[0] = ts.epoch;
            published[0] = r;                                            // no edge to the reader
        });
        Rewritten r = published[0];
        assertEquals(builderEpoch[0], ShadowWord.epoch(r.__bf$w$x));
        assertEquals(site, ShadowWord.site(r.__bf$w$x));
        assertEquals(builderEpoch[0], ShadowWord.epoch(r.__bf$r$x));
        assertEquals(site + 1, ShadowWord.site(r.__bf$r$x));
        assertNull(r.__bf$s$x, "no VarState: the words hold the states");
        forked("reader", ts -> r.read(ts, site + 3));
        List<Race> races = racesAt(site + 3, 1);
        assertEquals(1, races.size());
        assertEquals(RaceKind.WRITE_READ, races.get(0).kind());
        assertEquals(site, races.get(0).previous().siteId());
    }

    @Test
    void aCloneDoesNotShareItsOriginalsShadow() throws Exception {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten original = new Rewritten();
        original.write(main, site);
        Rewritten copy = original.clone();                       // copies the words too: the history of its values
        forked("a", ts -> original.write(ts, site));
        forked("b", ts -> copy.write(ts, site));
        assertEquals(List.of(), racesAt(site, 1), "writes to two different objects do not race");
        forked("c", ts -> copy.write(ts, site));
        assertEquals(1, racesAt(site, 1).size(), "the clone's own shadow still finds its race");
        assertNotNull(copy.__bf$s$x, "inflated by its race");
        assertNotSame(original.__bf$s$x, copy.__bf$s$x);
        Rewritten second = copy.clone();                         // copies INFLATED words and copy's VarState
        forked("d", ts -> second.write(ts, site + 1));
        assertEquals(List.of(), racesAt(site + 1, 1), "a clone of an inflated object starts with a fresh state");
        assertNotSame(copy.__bf$s$x, second.__bf$s$x);
    }

    @Test
    void aStaticForeignFieldHasOneShadowWhicheverClassNamesIt() throws InterruptedException {
        int site = sites("java.util.Map.someStatic");
        forked("a", ts -> RT.writeForeign(java.util.Map.class, "java.util.Map.someStatic", ts, site));
        forked("b", ts -> RT.writeForeign(java.util.HashMap.class, "java.util.Map.someStatic", ts, site));
        assertEquals(1, racesAt(site, 1).size());
    }

    @Test
    void fieldRaceBetweenUnorderedThreads() throws InterruptedException {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten r = new Rewritten();
        forked("a", ts -> r.write(ts, site));
        forked("b", ts -> r.write(ts, site));
        List<Race> races = racesAt(site, 1);
        assertEquals(1, races.size());
        assertEquals(new Target("field", "bigfoot.rt.RtFacadeTest$Rewritten", "x", null), races.get(0).target());
    }

    @Test
    void foreignFieldsHaveShadowsPerObjectAndPerClass() throws InterruptedException {
        int site = sites("java.lang.Thread.name", "java.lang.System.out");
        Object obj = new Object();
        Object another = new Object();
        forked("a", ts -> {
            RT.writeForeign(obj, "java.lang.Thread.name", ts, site);
            RT.writeForeign(System.class, "java.lang.System.out", ts, site + 1);
            RT.readForeign(null, "java.lang.Thread.name", ts, site);
        });
        forked("b", ts -> {
            RT.writeForeign(another, "java.lang.Thread.name", ts, site);
            RT.writeForeign(System.class, "java.lang.System.out", ts, site + 1);
        });
        List<Race> races = racesAt(site, 2);
        assertEquals(1, races.size(), "distinct objects do not share a shadow");
        assertEquals(new Target("static", "java.lang.System", "out", null), races.get(0).target());
    }

    @Test
    void monitorsOrderCriticalSections() throws InterruptedException {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten r = new Rewritten();
        Object lock = new Object();
        for (String name : new String[] {"a", "b", "c"}) {
            forked(name, ts -> {
                synchronized (lock) {
                    RT.acquire(lock, ts);
                    synchronized (lock) {                         // re-entrant
                        RT.acquire(lock, ts);
                        r.read(ts, site);
                        RT.release(lock, ts);
                    }
                    r.write(ts, site);
                    RT.release(lock, ts);
                }
            });
        }
        assertEquals(List.of(), racesAt(site, 1));
    }

    @Test
    void volatileHandOffOrdersTheData() throws InterruptedException {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten r = new Rewritten();
        forked("producer", ts -> {
            r.write(ts, site);
            RT.volatileWriteField(r, Rewritten.FLAG, ts);
            r.flag = true;
        });
        forked("consumer", ts -> {
            boolean seen = r.flag;
            RT.volatileReadField(r, Rewritten.FLAG, ts);
            if (seen) {
                r.read(ts, site);
            }
        });
        assertEquals(List.of(), racesAt(site, 1));
    }

    @Test
    void waitAndNotifyHandOff() throws InterruptedException {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten r = new Rewritten();
        Object lock = new Object();
        boolean[] ready = {false};
        Thread consumer = start("consumer", ts -> {
            synchronized (lock) {
                RT.acquire(lock, ts);
                while (!ready[0]) {
                    RT.waitBefore(lock, ts);
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        RT.waitAfter(lock, ts);
                    }
                }
                r.read(ts, site);
                RT.release(lock, ts);
            }
        });
        Thread producer = start("producer", ts -> {
            synchronized (lock) {
                RT.acquire(lock, ts);
                r.write(ts, site);
                ready[0] = true;
                lock.notifyAll();
                RT.release(lock, ts);
            }
        });
        consumer.join();
        producer.join();
        assertEquals(List.of(), racesAt(site, 1));
    }

    @Test
    void waitOnAMonitorNotHeldChangesNothing() {
        long e = main.epoch;
        RT.waitBefore(new Object(), main);
        RT.waitAfter(new Object(), main);
        assertEquals(e, main.epoch);
    }

    @Test
    void barrierPhasesOrderAccessesAcrossRounds() throws Exception {
        int site = sites("[]", "[]");
        int parties = 3;
        int[] cells = new int[parties];
        CyclicBarrier barrier = new CyclicBarrier(parties);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < parties; i++) {
            int me = i;
            workers.add(start("party-" + i, ts -> {
                for (int round = 0; round < 20; round++) {
                    RT.writeArray(cells, (me + round) % parties, ts, site);      // each cell has one writer per round
                    await(barrier, ts);
                    RT.readArray(cells, (me + round + 1) % parties, ts, site + 1);
                    await(barrier, ts);
                }
            }));
        }
        for (Thread w : workers) {
            w.join();
        }
        assertEquals(List.of(), racesAt(site, 2));
    }

    @Test
    void joinOrdersOnlyTerminatedThreads() throws InterruptedException {
        int site = sites("bigfoot.rt.RtFacadeTest$Rewritten.x", "bigfoot.rt.RtFacadeTest$Rewritten.x");
        Rewritten done = new Rewritten();
        Thread finished = forked("finished", ts -> done.write(ts, site));
        RT.join(finished, main);
        done.read(main, site);
        Rewritten viaIsAlive = new Rewritten();
        Thread checked = forked("checked", ts -> viaIsAlive.write(ts, site));
        assertFalse(RT.isAlive(checked.isAlive(), checked, main));
        viaIsAlive.read(main, site);
        assertEquals(List.of(), racesAt(site, 1));

        Rewritten live = new Rewritten();
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread running = start("running", ts -> {
            live.write(ts, site);
            written.countDown();
            awaitQuietly(finish);
        });
        written.await();
        RT.join(running, main);                                   // as after a join(ms) that timed out: no edge
        live.read(main, site + 1);
        finish.countDown();
        running.join();
        assertEquals(1, racesAt(site, 2).size());
    }

    @Test
    void arrayRangeChecksCheckEveryStrideIndexInsideTheArray() throws InterruptedException {
        int site = sites("[]", "[]");
        int[] a = new int[10];
        forked("r1", ts -> RT.writeArrayRange(a, -4, 40, 3, ts, site));      // indices 2, 5, 8
        forked("r2", ts -> {
            for (int i = 0; i < a.length; i++) {
                if (i % 3 != 2) {
                    RT.readArray(a, i, ts, site + 1);
                }
            }
            RT.readArrayRange(null, 0, 5, 1, ts, site + 1);
            RT.writeArrayRange(a, 5, 5, 1, ts, site + 1);
        });
        assertEquals(List.of(), racesAt(site, 2), "indices off the stride and empty ranges are not checked");
        forked("r3", ts -> RT.readArrayRange(a, 8, 9, 1, ts, site + 1));
        List<Race> races = racesAt(site, 2);
        assertEquals(1, races.size());
        assertEquals(RaceKind.WRITE_READ, races.get(0).kind());
        assertEquals(new Target("array", "int[]", null, 8), races.get(0).target());
        assertEquals(site, races.get(0).previous().siteId());
    }

    // ---------------------------------------------------------------- helpers

    private interface Body {
        void run(ThreadState ts) throws Exception;
    }

    /** Forks (RT.fork) and starts a named thread running body with its own state. */
    private Thread start(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run(RT.thread());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, name);
        RT.fork(t, main);
        t.start();
        return t;
    }

    /** As {@link #start}, then a real join but no RT.join: the test thread learns nothing from it. */
    private Thread forked(String name, Body body) throws InterruptedException {
        Thread t = start(name, body);
        t.join();
        return t;
    }

    private static void await(CyclicBarrier barrier, ThreadState ts) throws Exception {
        RT.barrierBefore(barrier, ts);
        barrier.await();
        RT.barrierAfter(barrier, ts);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Registers a site table of write sites with the given targets; returns the first global id. */
    private static int sites(String... targets) {
        StringBuilder table = new StringBuilder("bigfoot.rt.RtFacadeTest\tRtFacadeTest.java");
        for (int i = 0; i < targets.length; i++) {
            table.append("\ntest\t").append(i).append('\t').append(100 + i).append("\tw\t").append(targets[i]);
        }
        return RT.registerSites(table.toString());
    }

    /** The races whose current access is at one of the {@code n} sites from {@code base}. */
    private static List<Race> racesAt(int base, int n) {
        List<Race> out = new ArrayList<>();
        for (Race r : Engine.instance().races()) {
            if (r.current().siteId() >= base && r.current().siteId() < base + n) {
                out.add(r);
            }
        }
        return out;
    }

    /** How many times {@link Helper}'s initialiser ran. */
    static int helperInitialisations;

    /** Initialised by the first {@link RT#initialize} of it, not by naming it. */
    static final class Helper {
        static {
            helperInitialisations++;
        }
    }

    /** Its initialiser throws, as the program's own class might. */
    static final class Broken {
        static {
            if (helperInitialisations >= 0) {
                throw new IllegalStateException("broken");
            }
        }
    }

    @Test
    void initializeRunsTheClassInitialiserOnceAndThrowsWhatItThrows() {
        Class<?> helper = Helper.class;
        assertEquals(0, helperInitialisations, "naming a class does not initialise it");
        RT.initialize(helper);
        RT.initialize(helper);
        assertEquals(1, helperInitialisations);
        assertThrows(ExceptionInInitializerError.class, () -> RT.initialize(Broken.class), "as the helper's call would");
        assertThrows(NoClassDefFoundError.class, () -> RT.initialize(Broken.class), "and then, as the JVM says");
    }
}
