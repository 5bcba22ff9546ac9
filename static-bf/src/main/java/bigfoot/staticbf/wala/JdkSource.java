package bigfoot.staticbf.wala;

/** Where the JDK's classes come from. */
public enum JdkSource {
    /** {@code <jdk home>/jmods} when that directory exists, else the {@code jrt:/} image. */
    AUTO,
    /** The {@code *.jmod} files of a full JDK. */
    JMODS,
    /** The runtime image ({@code jrt:/}), which every JDK 9+ and JRE has. */
    JRT
}
