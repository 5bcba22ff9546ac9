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
}
