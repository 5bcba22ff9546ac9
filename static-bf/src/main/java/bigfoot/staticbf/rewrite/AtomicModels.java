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
 * atomic array's elements share its channel).
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

    private AtomicModels() {
    }

    static List<CallHandler> handlers() {
        Owners atomics = Owners.inPackage("java/util/concurrent/atomic/");
        return List.of(
                new Rule(atomics, READS, anyDescriptor(), acquireAfter()),
                new Rule(atomics, WRITES, anyDescriptor(), releaseBefore()),
                new Rule(atomics, READ_MODIFY_WRITES, anyDescriptor(), releaseBeforeAcquireAfter()));
    }
}
