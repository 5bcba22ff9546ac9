package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.anyDescriptor;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBeforeAcquireAfter;

import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;

/**
 * java.util.concurrent.atomic: reads as volatile reads, writes as volatile writes, and every read-modify-write
 * (getAndIncrement, compareAndSet, updateAndGet, LongAdder.add ...) as both, on the atomic object's channel (an
 * atomic array's elements share its channel). VarHandles the same way, on the VarHandle's channel (one per field
 * or array type it gives access to, whatever the object: never a false alarm, but a race between two objects'
 * accesses through one VarHandle is hidden), for their access modes that order memory: volatile, acquire/release
 * and opaque reads and writes, and every read-modify-write; plain {@code get} and {@code set} order nothing.
 */
final class AtomicModels {

    private static final Set<String> READS = Set.of("get", "getAcquire", "getPlain", "getOpaque", "intValue",
            "longValue", "doubleValue", "floatValue", "shortValue", "byteValue", "sum", "sumThenReset", "getReference",
            "getStamp", "isMarked");
    private static final Set<String> WRITES = Set.of("set", "lazySet", "setRelease", "setPlain", "setOpaque");
    private static final Set<String> READ_MODIFY_WRITES = Set.of("getAndSet", "getAndIncrement", "getAndDecrement",
            "getAndAdd", "incrementAndGet", "decrementAndGet", "addAndGet", "compareAndSet", "weakCompareAndSet",
            "weakCompareAndSetPlain", "weakCompareAndSetVolatile", "weakCompareAndSetAcquire", "weakCompareAndSetRelease",
            "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease", "getAndUpdate",
            "updateAndGet", "getAndAccumulate", "accumulateAndGet", "add", "increment", "decrement", "reset",
            "accumulate", "attemptStamp", "attemptMark");

    private static final Set<String> VAR_HANDLE_READS = Set.of("getVolatile", "getAcquire", "getOpaque");
    private static final Set<String> VAR_HANDLE_WRITES = Set.of("setVolatile", "setRelease", "setOpaque");
    private static final Set<String> VAR_HANDLE_READ_MODIFY_WRITES = Set.of("compareAndSet", "compareAndExchange",
            "compareAndExchangeAcquire", "compareAndExchangeRelease", "weakCompareAndSet", "weakCompareAndSetPlain",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "getAndSet", "getAndSetAcquire", "getAndSetRelease",
            "getAndAdd", "getAndAddAcquire", "getAndAddRelease", "getAndBitwiseOr", "getAndBitwiseOrAcquire",
            "getAndBitwiseOrRelease", "getAndBitwiseAnd", "getAndBitwiseAndAcquire", "getAndBitwiseAndRelease",
            "getAndBitwiseXor", "getAndBitwiseXorAcquire", "getAndBitwiseXorRelease");

    private AtomicModels() {
    }

    static List<CallHandler> handlers() {
        Owners atomics = Owners.inPackage("java/util/concurrent/atomic/");
        Owners varHandles = Owners.exactly(Set.of("java/lang/invoke/VarHandle"));
        return List.of(
                new Rule(atomics, READS, anyDescriptor(), acquireAfter()),
                new Rule(atomics, WRITES, anyDescriptor(), releaseBefore()),
                new Rule(atomics, READ_MODIFY_WRITES, anyDescriptor(), releaseBeforeAcquireAfter()),
                new Rule(varHandles, VAR_HANDLE_READS, anyDescriptor(), acquireAfter()),
                new Rule(varHandles, VAR_HANDLE_WRITES, anyDescriptor(), releaseBefore()),
                new Rule(varHandles, VAR_HANDLE_READ_MODIFY_WRITES, anyDescriptor(), releaseBeforeAcquireAfter()));
    }
}
