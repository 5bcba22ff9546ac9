package bigfoot.rt.report;

import bigfoot.ir.AccessOp;

/** The four FT2 error rules, named by (previous access, current access). */
public enum RaceKind {
    WRITE_WRITE("write-write", AccessOp.WRITE, AccessOp.WRITE),
    WRITE_READ("write-read", AccessOp.WRITE, AccessOp.READ),
    READ_WRITE("read-write", AccessOp.READ, AccessOp.WRITE),
    SHARED_WRITE("shared-write", AccessOp.READ, AccessOp.WRITE);

    public final String id;
    public final AccessOp previous;
    public final AccessOp current;

    RaceKind(String id, AccessOp previous, AccessOp current) {
        this.id = id;
        this.previous = previous;
        this.current = current;
    }

    /**
     * The kind a detector named {@code id}, or for a warning of another kind (a lockset tool's) the kind its two
     * accesses make; {@code previousWrite} is true also when the detector names no previous access.
     */
    public static RaceKind of(String id, boolean previousWrite, boolean currentWrite) {
        for (RaceKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return !currentWrite ? WRITE_READ : previousWrite ? WRITE_WRITE : READ_WRITE;
    }
}
