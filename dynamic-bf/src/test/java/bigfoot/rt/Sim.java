package bigfoot.rt;

/** Explicit FT2 state for single-threaded trace replay: a detector, a listener and thread states made by hand. */
final class Sim {

    final RecordingListener listener = new RecordingListener();
    final FastTrack ft;

    Sim() {
        this(null);
    }

    /** With {@code events} taking the synchronisation events (null: none). */
    Sim(RunEvents events) {
        ft = new FastTrack(listener, new PreviousStacks(false), events);
    }

    /** A thread state for tid {@code tid} at its initial epoch {@code tid@1}. */
    static ThreadState thread(int tid) {
        return new ThreadState(tid, Epoch.make(tid, 1));
    }

    /** Thread 0 forks threads 1..n-1 (so they are mutually unordered); returns all n states. */
    ThreadState[] forkedThreads(int n) {
        ThreadState[] ts = new ThreadState[n];
        ts[0] = thread(0);
        for (int i = 1; i < n; i++) {
            ts[i] = thread(i);
            ft.fork(ts[0], ts[i]);
        }
        return ts;
    }

    /** Orders {@code from}'s past before {@code to}'s future through a fresh lock. */
    void order(ThreadState from, ThreadState to) {
        LockState m = new LockState();
        ft.acquire(from, m);
        ft.release(from, m);
        ft.acquire(to, m);
        ft.release(to, m);
    }
}
