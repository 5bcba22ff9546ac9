package bigfoot.ir;

/** The two kinds of heap access a check can be for. */
public enum AccessOp {
    READ("read"),
    WRITE("write");

    private final String label;

    AccessOp(String label) {
        this.label = label;
    }

    /** The lower-case word used in reports ("read" / "write"). */
    public String label() {
        return label;
    }

    public char code() {
        return this == READ ? 'r' : 'w';
    }

    public static AccessOp fromCode(char c) {
        switch (c) {
            case 'r': return READ;
            case 'w': return WRITE;
            default: throw new IllegalArgumentException("unknown access code '" + c + "'");
        }
    }
}
