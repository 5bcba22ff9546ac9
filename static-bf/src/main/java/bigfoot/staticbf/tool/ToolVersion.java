package bigfoot.staticbf.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of this tool, as stamped into its jar by the build. */
public final class ToolVersion {

    private static final String RESOURCE = "staticbf.properties";

    private ToolVersion() {
    }

    public static String get() {
        try (InputStream in = ToolVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
