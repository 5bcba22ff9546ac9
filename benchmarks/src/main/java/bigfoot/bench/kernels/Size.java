package bigfoot.bench.kernels;

import java.util.Locale;

/** A kernel's problem size class; each kernel maps the three to its own parameters. */
public enum Size {
    SMALL, MEDIUM, LARGE;

    /** The value of this size among the three given (small, medium, large). */
    public int pick(int small, int medium, int large) {
        return this == SMALL ? small : this == MEDIUM ? medium : large;
    }

    /** The name used on command lines: small, medium or large. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The size named by {@code label}, or null when it names none. */
    static Size byLabel(String label) {
        for (Size s : values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        return null;
    }
}
