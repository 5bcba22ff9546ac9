package bigfoot.rt;

import java.util.Arrays;
import java.util.Random;

/**
 * The bookkeeping that keeps a random trace well formed (the well-formedness assumptions of "The FastTrack2 Race Detector", section 2), shared by the
 * trace generators: a lock is held by one thread at a time, re-entrantly, and released only by its holder;
 * each thread is forked at most once, before any of its operations, and does nothing after it is joined (and
 * is joined only while it holds no lock). Thread 0 runs from the start.
 */
final class TraceThreads {

    private final Random rnd;
    private final boolean[] started;
    private final boolean[] joined;
    private final int[] holder;
    private final int[] depth;

    TraceThreads(Random rnd, int threads, int locks) {
        this.rnd = rnd;
        this.started = new boolean[threads];
        this.joined = new boolean[threads];
        this.holder = new int[locks];
        this.depth = new int[locks];
        Arrays.fill(holder, -1);
        started[0] = true;
    }

    /** A thread that has been forked and not joined. */
    int randomAlive() {
        while (true) {
            int t = rnd.nextInt(started.length);
            if (alive(t)) {
                return t;
            }
        }
    }

    boolean alive(int t) {
        return started[t] && !joined[t];
    }

    /** The thread holding lock m, or -1. */
    int holder(int m) {
        return holder[m];
    }

    /** Records t acquiring m if it may (m free, or t's already); returns whether it did. */
    boolean acquire(int t, int m) {
        if (holder[m] != -1 && holder[m] != t) {
            return false;
        }
        holder[m] = t;
        depth[m]++;
        return true;
    }

    /** Records t releasing m if t holds it; returns whether it did. */
    boolean release(int t, int m) {
        if (holder[m] != t) {
            return false;
        }
        if (--depth[m] == 0) {
            holder[m] = -1;
        }
        return true;
    }

    /** Records the fork of u if u has not been forked yet; returns whether it did. */
    boolean fork(int u) {
        if (started[u]) {
            return false;
        }
        started[u] = true;
        return true;
    }

    /** Records t joining u if u is another live thread holding no lock; returns whether it did. */
    boolean join(int t, int u) {
        if (u == t || !alive(u) || Arrays.stream(holder).anyMatch(h -> h == u)) {
            return false;
        }
        joined[u] = true;
        return true;
    }
}
