package bigfoot.rt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One thread's precise-checks oracle (the BigFoot dissertation, sections 3.2 and 3.5.1), fed that thread's checks, access
 * events, acquires and releases in program order. A location is its shadow object (unique per instance field,
 * static field, array element and foreign field). For check c and access a of the same location:
 * <ul>
 * <li>c COVERS a if c is before a with no release between, or after a with no acquire between; a write
 *     check covers reads and writes, a read check only reads;</li>
 * <li>c is LEGITIMATE for a if c is before a with no acquire between, or after a with no release between;
 *     a write check is legitimate only for a write, a read check for both.</li>
 * </ul>
 * An access not covered by a past check waits for a later covering check, a check not legitimate for a past
 * access waits for a later access; whatever still waits at the thread's next acquire (or its end) is a
 * violation. Past checks and accesses are forgotten at a release.
 *
 * <p>Only the owning thread feeds it; its methods are synchronized so the exit report can flush a thread that
 * is still running (the monitor is otherwise uncontended).
 */
final class PlacementVerifier {

    /** Where violations go. */
    interface Sink {
        void violation(PlacementViolation.Kind kind, String thread, VarState location, int site);
    }

    private static final int CHECKED_READ = 1;
    private static final int CHECKED_WRITE = 2;
    private static final int ACCESSED_READ = 4;
    private static final int ACCESSED_WRITE = 8;

    /** One access still waiting for a covering check, or one check still waiting for a legitimising access. */
    private record Pending(PlacementViolation.Kind kind, boolean write, int site) {
    }

    private final String thread;
    private final Sink sink;
    /** Per location, the checks and accesses since the last release (CHECKED_* / ACCESSED_* bits). */
    private final Map<VarState, Integer> sinceRelease = new IdentityHashMap<>();
    /** The objects that stopped being local since the last release: their accesses made no access events. */
    private final Set<Object> escapedSinceRelease = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Per location, what waits for a later check or access; reported at the next acquire. */
    private final Map<VarState, List<Pending>> pending = new IdentityHashMap<>();

    PlacementVerifier(String thread, Sink sink) {
        this.thread = thread;
        this.sink = sink;
    }

    /** A check of {@code location} (a write check if {@code write}) from {@code site}. */
    synchronized void check(VarState location, boolean write, int site) {
        check(location, write, site, null);
    }

    /**
     * A check of a field of {@code object}: legitimate also if the object escaped since the last release ({@code
     * --elide dynamic-escape}): its access came while it was local, which skips the access event, not the check.
     */
    synchronized void check(VarState location, boolean write, int site, Object object) {
        // COVER AFTER: this check covers the earlier accesses still waiting (no acquire since them)
        resolve(location, PlacementViolation.Kind.UNCOVERED_ACCESS, p -> covers(write, p.write));
        int past = remember(location, write ? CHECKED_WRITE : CHECKED_READ);
        // LEGITIMATE AFTER: an access since the last release (a write access for a write check)
        boolean legitimate = (past & ACCESSED_WRITE) != 0 || (!write && (past & ACCESSED_READ) != 0)
                || object != null && escapedSinceRelease.contains(object);
        if (!legitimate) {
            await(location, new Pending(PlacementViolation.Kind.ILLEGITIMATE_CHECK, write, site));
        }
    }

    /** An access event: the thread is about to read ({@code write} false) or write {@code location} at {@code site}. */
    synchronized void access(VarState location, boolean write, int site) {
        // LEGITIMATE BEFORE: this access legitimises the earlier checks still waiting (no acquire since them)
        resolve(location, PlacementViolation.Kind.ILLEGITIMATE_CHECK, p -> legitimises(write, p.write));
        int past = remember(location, write ? ACCESSED_WRITE : ACCESSED_READ);
        // COVER BEFORE: a check since the last release (a write check for a write access)
        boolean covered = (past & CHECKED_WRITE) != 0 || (!write && (past & CHECKED_READ) != 0);
        if (!covered) {
            await(location, new Pending(PlacementViolation.Kind.UNCOVERED_ACCESS, write, site));
        }
    }

    /** An acquire: nothing later covers an earlier access or legitimises an earlier check. */
    synchronized void acquire() {
        reportPending();
    }

    /** A release: nothing earlier covers a later access or legitimises a later check. */
    synchronized void release() {
        sinceRelease.clear();
        escapedSinceRelease.clear();
    }

    /** Thread end (or exit report): both an acquire and a release. */
    synchronized void end() {
        reportPending();
        sinceRelease.clear();
        escapedSinceRelease.clear();
    }

    /** {@code object} was local to this thread until now ({@code --elide dynamic-escape}). */
    synchronized void escaped(Object object) {
        escapedSinceRelease.add(object);
    }

    private static boolean covers(boolean checkWrite, boolean accessWrite) {
        return checkWrite || !accessWrite;
    }

    private static boolean legitimises(boolean accessWrite, boolean checkWrite) {
        return accessWrite || !checkWrite;
    }

    /** Drops the waiting items of {@code kind} at {@code location} that {@code resolves} accepts. */
    private void resolve(VarState location, PlacementViolation.Kind kind, Predicate<Pending> resolves) {
        List<Pending> waiting = pending.get(location);
        if (waiting == null) {
            return;
        }
        waiting.removeIf(p -> p.kind == kind && resolves.test(p));
        if (waiting.isEmpty()) {
            pending.remove(location);
        }
    }

    private int remember(VarState location, int bit) {
        return sinceRelease.merge(location, bit, (a, b) -> a | b);
    }

    private void await(VarState location, Pending p) {
        List<Pending> waiting = pending.computeIfAbsent(location, l -> new ArrayList<>(2));
        if (!waiting.contains(p)) {
            waiting.add(p);
        }
    }

    private void reportPending() {
        for (Map.Entry<VarState, List<Pending>> e : pending.entrySet()) {
            for (Pending p : e.getValue()) {
                sink.violation(p.kind, thread, e.getKey(), p.site);
            }
        }
        pending.clear();
    }
}
