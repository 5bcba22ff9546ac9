package bigfoot.rt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The precise-checks verifier mode of one run: off until a class of a {@code --verify-placement} jar calls
 * {@code RT.verifyPlacement()}; then every thread gets its own {@link PlacementVerifier} (made by the thread
 * itself on its first event) and the violations they find are collected here, one per kind and site.
 */
final class PlacementVerification implements PlacementVerifier.Sink {

    private volatile boolean enabled;
    private final List<PlacementVerifier> verifiers = new ArrayList<>();
    private final Map<String, PlacementViolation> violations = new LinkedHashMap<>();

    void enable() {
        enabled = true;
    }

    boolean enabled() {
        return enabled;
    }

    /** The calling thread's verifier ({@code ts} is its state), made on first use; null while the mode is off. */
    PlacementVerifier of(ThreadState ts) {
        PlacementVerifier v = ts.placementVerifier;
        if (v == null && enabled) {
            v = new PlacementVerifier(Thread.currentThread().getName(), this);
            synchronized (this) {
                verifiers.add(v);
            }
            ts.placementVerifier = v;
        }
        return v;
    }

    @Override
    public synchronized void violation(PlacementViolation.Kind kind, String thread, VarState location, int site) {
        violations.putIfAbsent(kind.id + "@" + site, new PlacementViolation(kind, thread, location, site));
    }

    /** Ends every thread's span (the JVM is exiting) and returns the distinct violations found. */
    List<PlacementViolation> finish() {
        List<PlacementVerifier> all;
        synchronized (this) {
            all = new ArrayList<>(verifiers);
        }
        for (PlacementVerifier v : all) {
            v.end();
        }
        synchronized (this) {
            return new ArrayList<>(violations.values());
        }
    }
}
