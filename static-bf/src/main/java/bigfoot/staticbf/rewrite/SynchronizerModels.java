package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.acquireIfTrue;
import static bigfoot.staticbf.rewrite.HbEvents.anyDescriptor;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBeforeAcquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.returning;

import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;

/**
 * Semaphore (release happens before a successful acquire), CountDownLatch (countDown happens before await
 * returns), Phaser (arrival happens before the advance is awaited) and Exchanger (each side's exchange happens
 * before the other's returns). CyclicBarrier has its own events ({@link CallHandlers}).
 */
final class SynchronizerModels {

    private SynchronizerModels() {
    }

    static List<CallHandler> handlers() {
        Owners semaphore = Owners.subtypesOf("java/util/concurrent/Semaphore");
        Owners latch = Owners.subtypesOf("java/util/concurrent/CountDownLatch");
        Owners phaser = Owners.subtypesOf("java/util/concurrent/Phaser");
        return List.of(
                new Rule(semaphore, Set.of("acquire", "acquireUninterruptibly"), returning("V"), acquireAfter()),
                new Rule(semaphore, Set.of("tryAcquire"), returning("Z"), acquireIfTrue()),
                new Rule(semaphore, Set.of("release"), returning("V"), releaseBefore()),
                new Rule(latch, Set.of("countDown"), returning("V"), releaseBefore()),
                new Rule(latch, Set.of("await"), returning("V"), acquireAfter()),
                new Rule(latch, Set.of("await"), returning("Z"), acquireIfTrue()),
                new Rule(phaser, Set.of("arrive", "arriveAndDeregister"), anyDescriptor(), releaseBefore()),
                new Rule(phaser, Set.of("arriveAndAwaitAdvance"), anyDescriptor(), releaseBeforeAcquireAfter()),
                new Rule(phaser, Set.of("awaitAdvance", "awaitAdvanceInterruptibly"), anyDescriptor(), acquireAfter()),
                new Rule(Owners.subtypesOf("java/util/concurrent/Exchanger"), Set.of("exchange"), anyDescriptor(),
                        releaseBeforeAcquireAfter()));
    }
}
