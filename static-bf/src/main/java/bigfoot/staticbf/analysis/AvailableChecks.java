package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IClass;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The dataflow fact of the red-card analysis at one program point: the checks that happened on EVERY
 * path to it with no release since (location -> strongest kind: a write check covers reads and writes,
 * a read check only reads; the BigFoot dissertation, section 3.5.1), and the application classes whose initialisation
 * has certainly completed (or is in progress in this thread), so that touching them again runs no
 * {@code <clinit>} and hence no release.
 */
final class AvailableChecks {

    /** location -> true for a write check, false for a read check. */
    private final Map<CheckedLocation, Boolean> checks;
    private final Set<IClass> initialized;

    private AvailableChecks(Map<CheckedLocation, Boolean> checks, Set<IClass> initialized) {
        this.checks = checks;
        this.initialized = initialized;
    }

    /** Method entry: nothing checked, no class known initialised. */
    static AvailableChecks empty() {
        return new AvailableChecks(new HashMap<>(), new HashSet<>());
    }

    AvailableChecks copy() {
        return new AvailableChecks(new HashMap<>(checks), new HashSet<>(initialized));
    }

    /** MEET (must): keeps what both sides have, at the weaker kind. */
    void meet(AvailableChecks other) {
        checks.entrySet().removeIf(e -> !other.checks.containsKey(e.getKey()));
        checks.replaceAll((loc, write) -> write && other.checks.get(loc));
        initialized.retainAll(other.initialized);
    }

    /** COVERS: a write check covers any access, a read check covers a read. */
    boolean covers(CheckedLocation location, boolean write) {
        Boolean checkedWrite = checks.get(location);
        return checkedWrite != null && (checkedWrite || !write);
    }

    /** GEN: the access's own check. */
    void checked(CheckedLocation location, boolean write) {
        checks.merge(location, write, Boolean::logicalOr);
    }

    /** KILL ALL: a release ends every span. */
    void release() {
        checks.clear();
    }

    boolean isInitialized(IClass c) {
        return initialized.contains(c);
    }

    void initialized(IClass c) {
        initialized.add(c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AvailableChecks a && checks.equals(a.checks) && initialized.equals(a.initialized);
    }

    @Override
    public int hashCode() {
        return checks.hashCode() * 31 + initialized.hashCode();
    }
}
