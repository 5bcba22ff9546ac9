package corpus;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * java.util.concurrent.locks: a counter under a ReentrantLock, a table written under a ReadWriteLock's write
 * lock and read under its read lock, a Condition hand-off (all ordered); a field both threads write outside any
 * lock races.
 */
@ExpectRaces({"corpus.JucLocks.unguarded"})
public class JucLocks {
    int counter;
    int table;
    int handedOver;
    boolean ready;
    int unguarded;

    public static void main(String[] args) throws Exception {
        JucLocks s = new JucLocks();
        ReentrantLock lock = new ReentrantLock();
        ReadWriteLock rw = new ReentrantReadWriteLock();
        Condition handOff = lock.newCondition();
        int[] seen = new int[2];
        Threads.run(() -> {
            s.unguarded++;
            for (int i = 0; i < 1000; i++) {
                lock.lock();
                try {
                    s.counter++;
                } finally {
                    lock.unlock();
                }
            }
            rw.writeLock().lock();
            try {
                s.table = 7;
            } finally {
                rw.writeLock().unlock();
            }
            lock.lock();
            try {
                s.handedOver = 42;
                s.ready = true;
                handOff.signalAll();
            } finally {
                lock.unlock();
            }
        }, () -> {
            s.unguarded++;
            for (int i = 0; i < 1000; i++) {
                if (lock.tryLock()) {
                    try {
                        s.counter++;
                    } finally {
                        lock.unlock();
                    }
                } else {
                    i--;
                }
            }
            rw.readLock().lock();
            try {
                seen[0] = s.table;
            } finally {
                rw.readLock().unlock();
            }
            lock.lock();
            try {
                while (!s.ready) {
                    handOff.awaitUninterruptibly();
                }
                seen[1] = s.handedOver;
            } finally {
                lock.unlock();
            }
        });
        System.out.println(s.counter + " " + seen[0] + " " + seen[1]);
    }
}
