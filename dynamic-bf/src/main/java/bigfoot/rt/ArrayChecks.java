package bigfoot.rt;

/**
 * Element and range checks of arrays. A range {@code begin, begin+stride, .. < end} is first clipped to the
 * array; then {@code arrays=fine} runs its FastTrack operations at once, and {@code arrays=adaptive} adds it to
 * the thread's {@link Footprint}, committed by {@link #commit} before the thread's next synchronisation (or
 * when the footprint is full), except the checks of a SMALL array ({@link ArrayShadow#small}) and the short
 * checks ({@link ArrayShadow#isShort}: a single index, a block of a few) of a PER-ELEMENT array
 * ({@link ArrayShadow#perElement}) or of a FINE shadow, which are checked at once: scattered indices, and the
 * few elements of a small array, have nothing to coalesce, a FINE shadow checks each element anyway, and the
 * footprint's bookkeeping would cost more than the check. With a placement
 * verifier (verify mode) checks are immediate and per element, whatever the mode, so the verifier sees one
 * location per element.
 */
final class ArrayChecks {

    private final FastTrack ft;
    private final boolean adaptive;

    ArrayChecks(FastTrack ft, boolean adaptive) {
        this.ft = ft;
        this.adaptive = adaptive;
    }

    /** True with {@code arrays=adaptive}: checks may wait in the thread's footprint. */
    boolean adaptive() {
        return adaptive;
    }

    /**
     * Checks {@code a[index]} for thread {@code ts} (ignored if out of bounds: the access will throw). Fine, SMALL and
     * PER-ELEMENT arrays and FINE shadows take the same path as FastTrack's element checks: straight to the
     * element's shadow.
     */
    void checkElement(ThreadState ts, ArrayShadow a, int index, boolean write, int site, PlacementVerifier verifier) {
        if (index < 0 || index >= a.length()) {
            return;
        }
        if (ft.events != null) {
            ft.events.elements(ts, a, index, index, 1, site, write);
            if (!ft.checksAccesses) {
                FastTrack.count(ts);
                return;
            }
        }
        if (verifier != null) {
            VarState sx = a.element(index);
            ft.check(ts, sx, write, site);
            verifier.check(sx, write, site);
        } else if (!adaptive || a.checkedAtOnce(true)) {
            a.checkElement(ft, ts, index, write, site);
        } else {
            Footprint footprint = ts.footprint();
            if (!footprint.extendLast(a, index, write, site) && footprint.add(a, index, index, 1, write, site)) {
                commit(ts);
            }
        }
    }

    /** Checks {@code a[begin..end by stride]} (stride below 1: {@code begin} only) for thread {@code ts}. */
    void check(ThreadState ts, ArrayShadow a, int begin, int end, int stride, boolean write, int site,
            PlacementVerifier verifier) {
        if (stride < 1 || end - (long) begin == 1) {
            if (end > begin) {
                checkElement(ts, a, begin, write, site, verifier);
            }
            return;
        }
        long hi = Math.min(end, a.length());
        long lo = begin >= 0 ? begin : begin + ((-(long) begin + stride - 1) / stride) * stride;
        if (lo >= hi) {
            return;
        }
        int f = (int) lo;
        int l = (int) (lo + ((hi - 1 - lo) / stride) * stride);
        int step = f == l ? 1 : stride;
        if (ft.events != null) {
            ft.events.elements(ts, a, f, l, step, site, write);
            if (!ft.checksAccesses) {
                FastTrack.count(ts, (l - f) / step + 1);
                return;
            }
        }
        if (verifier != null) {
            for (long i = f; i <= l; i += step) {
                VarState sx = a.element((int) i);
                ft.check(ts, sx, write, site);
                verifier.check(sx, write, site);
            }
        } else if (!adaptive || a.checkedAtOnce(a.isShort(f, l, step))) {
            a.apply(ft, ts, f, l, step, write, site);         // fine, SMALL, PER-ELEMENT or FINE: nothing to coalesce
        } else if (ts.footprint().add(a, f, l, step, write, site)) {
            commit(ts);
        }
    }

    /** Commits {@code ts}'s pending checks, as that thread: before its clock or view changes, or once it has ended. */
    void commit(ThreadState ts) {
        if (ts.hasPendingArrayChecks()) {
            ts.footprint().commit(ft, ts);
        }
    }
}
