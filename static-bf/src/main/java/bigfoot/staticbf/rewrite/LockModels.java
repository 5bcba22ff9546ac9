package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.acquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.acquireIfTrue;
import static bigfoot.staticbf.rewrite.HbEvents.aliasResultToReceiver;
import static bigfoot.staticbf.rewrite.HbEvents.anyDescriptor;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBefore;
import static bigfoot.staticbf.rewrite.HbEvents.releaseBeforeAcquireAfter;
import static bigfoot.staticbf.rewrite.HbEvents.returning;

import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;

/**
 * java.util.concurrent.locks (the Lock interface's memory synchronization: a successful lock acts as a monitor
 * enter, an unlock as a monitor exit). A ReadWriteLock's read and write locks, and a Lock's Conditions, share
 * its channel, so a writer is ordered after every reader's unlock; awaiting a Condition releases and re-acquires
 * the lock. StampedLock: its write and read locks and unlocks; optimistic reads are racy by design and are
 * reported as races.
 */
final class LockModels {

    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String READ_WRITE_LOCK = "java/util/concurrent/locks/ReadWriteLock";
    private static final String CONDITION = "java/util/concurrent/locks/Condition";
    private static final String STAMPED = "java/util/concurrent/locks/StampedLock";

    private LockModels() {
    }

    static List<CallHandler> handlers() {
        Owners lock = Owners.subtypesOf(LOCK);
        Owners stamped = Owners.subtypesOf(STAMPED);
        return List.of(
                new Rule(lock, Set.of("lock", "lockInterruptibly"), returning("V"), acquireAfter()),
                new Rule(lock, Set.of("tryLock"), returning("Z"), acquireIfTrue()),
                new Rule(lock, Set.of("unlock"), returning("V"), releaseBefore()),
                new Rule(lock, Set.of("newCondition"), anyDescriptor(), aliasResultToReceiver()),
                new Rule(Owners.subtypesOf(READ_WRITE_LOCK), Set.of("readLock", "writeLock"), anyDescriptor(),
                        aliasResultToReceiver()),
                new Rule(Owners.subtypesOf(CONDITION), Set.of("await", "awaitNanos", "awaitUninterruptibly",
                        "awaitUntil"), anyDescriptor(), releaseBeforeAcquireAfter()),
                new Rule(stamped, Set.of("writeLock", "readLock", "writeLockInterruptibly", "readLockInterruptibly",
                        "tryWriteLock", "tryReadLock"), returning("J"), acquireAfter()),
                new Rule(stamped, Set.of("unlockWrite", "unlockRead", "unlock", "tryUnlockWrite", "tryUnlockRead"),
                        anyDescriptor(), releaseBefore()),
                new Rule(stamped, Set.of("asReadLock", "asWriteLock", "asReadWriteLock"), anyDescriptor(),
                        aliasResultToReceiver()));
    }
}
