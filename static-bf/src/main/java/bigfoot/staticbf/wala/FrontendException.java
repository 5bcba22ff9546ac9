package bigfoot.staticbf.wala;

/** A problem with the user's input or environment, reported as one line (no stack trace for the user). */
public final class FrontendException extends Exception {
    private static final long serialVersionUID = 1L;

    public FrontendException(String oneLine) {
        super(oneLine);
    }

    public FrontendException(String oneLine, Throwable cause) {
        super(oneLine, cause);
    }
}
