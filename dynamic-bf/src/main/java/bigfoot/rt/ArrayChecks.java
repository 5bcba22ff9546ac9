package bigfoot.rt;

/**
 * Element and range checks of arrays. A range {@code begin, begin+stride, .. < end} is first clipped to the
 * array; then {@code arrays=fine} runs its FastTrack operations at once, and {@code arrays=adaptive} adds it to
 * the thread's {@link Footprint}, committed by {@link #commit} before the thread's next synchronisation (or
 * when the footprint is full). With a placement verifier (verify mode) checks are immediate and per element,
 * whatever the mode, so the verifier sees one location per element.
 */
final class ArrayChecks {

    private final FastTrack ft;
    private final boolean adaptive;

    ArrayChecks(FastTrack ft, boolean adaptive) {
        this.ft = ft;
        this.adaptive = adaptive;
    }

    /** True with {@code arrays=adaptive}: checks go to the thread's footprint, not straight to the shadows. */
    boolean buffered() {
        return adaptive;
    }

    /** Checks {@code a[begin..end by stride]} (stride below 1: {@code begin} only) for thread {@code ts}. */
    void check(ThreadState ts, ArrayShadow a, int begin, int end, int stride, boolean write, int site,
            PlacementVerifier verifier) {
        int s = stride < 1 ? 1 : stride;
        long hi = Math.min(stride < 1 ? Math.min(end, (long) begin + 1) : end, a.length());
        long lo = begin >= 0 ? begin : begin + ((-(long) begin + s - 1) / s) * s;
        if (lo >= hi) {
            return;
        }
        int f = (int) lo;
        int l = (int) (lo + ((hi - 1 - lo) / s) * s);
        int step = f == l ? 1 : s;
        if (verifier != null) {
            for (long i = f; i <= l; i += step) {
                VarState sx = a.element((int) i);
                ft.check(ts, sx, write, site);
                verifier.check(sx, write, site);
            }
        } else if (!adaptive) {
            a.apply(ft, ts, f, l, step, write, site);
        } else if (ts.footprint.add(a, f, l, step, write, site)) {
            commit(ts);
        }
    }

    /** Commits {@code ts}'s pending checks, as that thread: before its clock or view changes, or once it has ended. */
    void commit(ThreadState ts) {
        if (!ts.footprint.isEmpty()) {
            ts.footprint.commit(ft, ts);
        }
    }
}
