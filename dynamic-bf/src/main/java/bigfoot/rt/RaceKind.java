package bigfoot.rt;

import bigfoot.ir.AccessOp;

/** The four FT2 error rules, named by (previous access, current access). */
enum RaceKind {
    WRITE_WRITE("write-write", AccessOp.WRITE, AccessOp.WRITE),
    WRITE_READ("write-read", AccessOp.WRITE, AccessOp.READ),
    READ_WRITE("read-write", AccessOp.READ, AccessOp.WRITE),
    SHARED_WRITE("shared-write", AccessOp.READ, AccessOp.WRITE);

    final String id;
    final AccessOp previous;
    final AccessOp current;

    RaceKind(String id, AccessOp previous, AccessOp current) {
        this.id = id;
        this.previous = previous;
        this.current = current;
    }
}
