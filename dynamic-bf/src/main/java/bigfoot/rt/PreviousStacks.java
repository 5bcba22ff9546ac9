package bigfoot.rt;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The callers of a race's PREVIOUS access, kept on demand. When a race is seen, its previous access is long past, and
 * walking the stack at every access would cost every check. So once a race names a site as its previous access, the
 * site is WANTED: from then on, when a thread's check at that site changes the shadow (the slow path, at most once
 * per location and epoch), the thread's callers are kept with the epoch, up to {@link #CAPTURES_PER_SITE} times per
 * site. When the race occurs again and its previous access is one of those (same thread and epoch, so the access
 * the shadow recorded), the race gets that access's callers. A race seen once has none for its previous access,
 * unless every site is wanted from the start ({@code all-stacks}: a stack walk on every slow-path check, no limit).
 */
final class PreviousStacks {

    /** Stack walks per wanted site: a racy site in a hot loop would otherwise walk the stack in every epoch. */
    static final int CAPTURES_PER_SITE = 64;

    private record Kept(long epoch, List<String> callers) {
    }

    /** Every site wanted, with no limit ({@code all-stacks}). */
    private final boolean all;
    /** Copied on write: read on every slow path, written once per wanted site. */
    private volatile boolean[] wanted = new boolean[0];
    private final ConcurrentHashMap<Integer, AtomicInteger> captures = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Kept> kept = new ConcurrentHashMap<>();

    /** @param all whether every site is wanted from the start */
    PreviousStacks(boolean all) {
        this.all = all;
    }

    boolean wanted(int site) {
        boolean[] w = wanted;
        return site >= 0 && (all || site < w.length && w[site]);
    }

    /**
     * Thread {@code tid}'s check at {@code site} changed the shadow in {@code epoch} (or is about to): keeps its
     * callers if a race wants them, before any other thread can see the epoch and report a race with it. On every slow
     * path that changes a shadow, inlined into each check that reaches one.
     */
    void keepIfWanted(int tid, long epoch, int site) {
        if (wanted(site)) {
            accessed(tid, epoch, site);
        }
    }

    /**
     * Runs {@link #keepIfWanted} through every outcome of its tests on private instances, when the engine starts: C2
     * compiles a branch its profile never saw taken into a trap, and before a run's first race no site is wanted, so
     * the first race (and then the first access at a wanted site) deoptimised every compiled method holding a copy of
     * these tests, to be compiled again (10 of the 154 deoptimisations of one of lucene's runs under FastTrack).
     * Returns a count, so the calls are not dead code.
     */
    static int warmUp() {
        PreviousStacks some = new PreviousStacks(false);
        PreviousStacks every = new PreviousStacks(true);
        int wanted = 0;
        for (int round = 0; round < 10_000; round++) {
            int site = round % 8 - 1;              // -1 (no site), in and past the table of wanted sites
            if (round == 5_000) {
                some.want(3);                      // wanted until its captures run out: 64 stack walks
            }
            some.keepIfWanted(0, round, site);
            wanted += every.wanted(site) ? 1 : 0;
        }
        return wanted;
    }

    /** Keeps the callers of accesses at {@code site} from now on. */
    void want(int site) {
        if (site >= 0 && !wanted(site) && captures.putIfAbsent(site, new AtomicInteger()) == null) {
            set(site, true);
        }
    }

    /** Thread {@code tid}'s check at wanted {@code site} changed the shadow in {@code epoch}: keeps its callers. */
    void accessed(int tid, long epoch, int site) {
        if (!all && captures.get(site).incrementAndGet() >= CAPTURES_PER_SITE) {
            set(site, false); // enough: later accesses at the site cost nothing again
        }
        kept.put(key(tid, site), new Kept(epoch, CallerStack.here()));
    }

    /** The callers of the access {@code epoch} made at {@code site}, if kept; else empty. */
    List<String> of(long epoch, int site) {
        Kept k = kept.get(key(Epoch.tid(epoch), site));
        return k != null && k.epoch() == epoch ? k.callers() : List.of();
    }

    private synchronized void set(int site, boolean on) {
        boolean[] w = Arrays.copyOf(wanted, Math.max(wanted.length, site + 1));
        w[site] = on;
        wanted = w;
    }

    private static long key(int tid, int site) {
        return (long) tid << 32 | (site & 0xffffffffL);
    }
}
