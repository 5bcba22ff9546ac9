package bigfoot.bench.jmh;

import bigfoot.rt.FieldShadow;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The runtime's hot paths, called as rewritten code calls them (RT entry points): the thread-state fetch at a
 * method's first check, a field check in the same epoch (the fast path), a field write after the thread's own
 * release (exclusive: a new epoch each time), the first write of a fresh object's field (allocation-free with shadow
 * words: run with {@code -prof gc}; with no CAS in a constructor before {@code this} can escape), a temporary's field
 * written in its constructor and then read (READ EXCLUSIVE), a field and an element read shared by two threads (the
 * read vector), 1,000 element checks of a loop in a new epoch, and a range check of 1,000 elements committed at the
 * next synchronisation (fine arrays: one operation per element; adaptive: footprint and coarse shadow), one site's
 * singles into two buffers in turn (adaptive: each extends its buffer's footprint range), each next to a baseline
 * without the check where one is needed to read its cost (the synchronisation alone, the allocation alone). Run with
 * {@code make bench-jmh}; numbers are for comparing builds of the runtime on one machine, not absolute.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Dbigfoot.quiet=true")
public class RuntimeHotPaths {

    /** A class as StaticBF rewrites it: a field, its shadow words, its VarState (when inflated) and its FieldShadow. */
    public static final class Holder {
        int value;
        volatile transient VarState state;
        volatile transient long w;
        volatile transient long r;
        static final FieldShadow SHADOW = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(Holder.class, "w"),
                AtomicLongFieldUpdater.newUpdater(Holder.class, "r"),
                AtomicReferenceFieldUpdater.newUpdater(Holder.class, VarState.class, "state"));
    }

    private static final int SITE = RT.registerSites("bench.Hot\tHot.java\nrun\t0\t1\tr\tbench.Hot.value"
            + "\nrun\t1\t2\tw\tbench.Hot.value\nrun\t2\t3\tr\t[]\nrun\t3\t4\tw\t[]");

    /** One thread's objects. */
    @State(Scope.Thread)
    public static class PerThread {
        final Holder holder = new Holder();
        final Object lock = new Object();
        final int[] array = new int[1000];
        final byte[] frequencies = new byte[1024];
        final byte[] positions = new byte[1024];
        ThreadState ts;

        @Setup
        public void setUp() {
            ts = RT.thread();
        }
    }

    /** Objects shared by the threads of a group. */
    @State(Scope.Group)
    public static class Shared {
        final int[] array = new int[16];
        final Holder holder = new Holder();
        /** {@link #array}'s shadow, as a loop's check keeps it ({@code RT.arrayShadow}). */
        Object arrayShadow;

        @Setup
        public void setUp() {
            arrayShadow = RT.arrayShadow(array, RT.thread());
        }
    }

    /** What a rewritten method pays once to fetch its thread's state ({@code RT.thread()}). */
    @Benchmark
    public ThreadState threadState() {
        return RT.thread();
    }

    @Benchmark
    public void fieldReadSameEpoch(PerThread t) {
        RT.readField(t.holder, t.holder.r, Holder.SHADOW, t.ts, SITE);
    }

    @Benchmark
    public void fieldWriteAfterOwnRelease(PerThread t) {
        RT.acquire(t.lock, t.ts);
        RT.release(t.lock, t.ts);   // a new epoch
        RT.writeField(t.holder, t.holder.w, Holder.SHADOW, t.ts, SITE + 1);
    }

    /** The synchronisation of {@link #fieldWriteAfterOwnRelease} alone: the difference is the write's first check in a new epoch. */
    @Benchmark
    public void ownReleaseOnly(PerThread t) {
        RT.acquire(t.lock, t.ts);
        RT.release(t.lock, t.ts);
    }

    /** The allocation of {@link #fieldWriteFreshObject} alone: with {@code -prof gc} the difference is the check's bytes. */
    @Benchmark
    public Holder freshObjectOnly() {
        return new Holder();
    }

    @Benchmark
    public Holder fieldWriteFreshObject(PerThread t) {
        Holder h = new Holder();
        RT.writeField(h, h.w, Holder.SHADOW, t.ts, SITE + 1);
        return h;
    }

    /** The same write as StaticBF emits it in a constructor before {@code this} can escape: a release store, no CAS. */
    @Benchmark
    public Holder fieldWriteFreshInConstructor(PerThread t) {
        Holder h = new Holder();
        RT.writeFresh(h, h.w, Holder.SHADOW, t.ts, SITE + 1);
        return h;
    }

    @Benchmark
    @Group("sharedRead")
    @GroupThreads(2)
    public void arrayReadShared(Shared s, PerThread t) {
        RT.release(t.lock, t.ts); // a new epoch: the read joins the shared read vector each time
        RT.readArray(s.array, 3, t.ts, SITE + 2);
    }

    /**
     * A field two threads read, each in its own epoch: READ SHARED SAME EPOCH on its inflated state (the read vector),
     * what raytracer's scene and moldyn's particles cost per read. The first reads made it read-shared.
     */
    @Benchmark
    @Group("sharedFieldRead")
    @GroupThreads(2)
    public void fieldReadShared(Shared s, PerThread t) {
        RT.readField(s.holder, s.holder.r, Holder.SHADOW, t.ts, SITE);
    }

    /**
     * An element two threads read, each in its own epoch, from a loop's check: READ SHARED SAME EPOCH on its inflated
     * state, what sparse's {@code x[col[i]]} and crypt's key cost FastTrack per read. The first reads made it
     * read-shared.
     */
    @Benchmark
    @Group("sharedElementRead")
    @GroupThreads(2)
    public void elementReadShared(Shared s, PerThread t) {
        RT.readElement(s.arrayShadow, 5, t.ts, SITE + 2);
    }

    /**
     * A temporary's life: its constructor writes the field (before {@code this} can escape), then a method reads it
     * (READ EXCLUSIVE: a CAS), as raytracer's vectors are made and read; {@link #fieldWriteFreshInConstructor} is
     * the write alone.
     */
    @Benchmark
    public Holder fieldReadAfterFreshWrite(PerThread t) {
        Holder h = new Holder();
        RT.writeFresh(h, h.w, Holder.SHADOW, t.ts, SITE + 1);
        RT.readField(h, h.r, Holder.SHADOW, t.ts, SITE);
        return h;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Dbigfoot.quiet=true", "-Dbigfoot.arrays=adaptive"})
    public void rangeCheckThenCommitAdaptive(PerThread t) {
        RT.readArrayRange(t.array, 0, t.array.length, 1, t.ts, SITE + 2);
        RT.release(t.lock, t.ts); // commits the footprint
    }

    /**
     * A loop's element checks as FastTrack's placement emits them (one call per element, the array's shadow kept in
     * locals), each the first of its element in a new epoch (READ EXCLUSIVE: a CAS), then the release that ends the
     * epoch: what sor's and lufact's FT runs pay per element.
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Dbigfoot.quiet=true", "-Dbigfoot.arrays=fine"})
    public void elementChecksInANewEpoch(PerThread t) {
        Object shadow = RT.arrayShadow(t.array, t.ts);
        for (int i = 0; i < t.array.length; i++) {
            RT.readElement(shadow, i, t.ts, SITE + 2);
        }
        RT.release(t.lock, t.ts);
    }

    /**
     * One site's singles into two buffers in turn (lucene's segment merger writing frequencies and positions through
     * one {@code writeByte}), then the release that commits them: adaptive arrays, 2,048 checks.
     */
    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Dbigfoot.quiet=true", "-Dbigfoot.arrays=adaptive"})
    public void singlesIntoTwoBuffersFromOneSite(PerThread t) {
        for (int i = 0; i < t.frequencies.length; i++) {
            RT.writeArray(t.frequencies, i, t.ts, SITE + 3);
            RT.writeArray(t.positions, i, t.ts, SITE + 3);
        }
        RT.release(t.lock, t.ts);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Dbigfoot.quiet=true", "-Dbigfoot.arrays=fine"})
    public void rangeCheckFine(PerThread t) {
        RT.readArrayRange(t.array, 0, t.array.length, 1, t.ts, SITE + 2);
        RT.release(t.lock, t.ts);
    }
}
