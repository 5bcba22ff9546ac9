package bigfoot.staticbf.tool;

/** A failure the user can act on: reported as one {@code staticbf: error: ...} line, with an exit code. */
public final class StaticBfException extends Exception {

    /** Exit code of a usage error: bad or missing options. */
    public static final int USAGE = 2;
    /** Exit code of an input or processing error: missing or corrupt input, unwritable output. */
    public static final int FAILURE = 1;

    private final int exitCode;

    public StaticBfException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public static StaticBfException usage(String message) {
        return new StaticBfException(USAGE, message);
    }

    public static StaticBfException failure(String message) {
        return new StaticBfException(FAILURE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
