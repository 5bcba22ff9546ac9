package bigfoot.bench;

import bigfoot.ir.RuntimeApi;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/** The counts StaticBF writes into a rewritten jar's {@value RuntimeApi#METADATA_RESOURCE}. */
final class RewriteMetadata {

    private RewriteMetadata() {
    }

    /** The sum of the count {@code key} (e.g. {@code checks.capsule}) over the rewritten {@code jars}. */
    static long total(List<Path> jars, String key) throws IOException {
        long sum = 0;
        for (Path jar : jars) {
            sum += count(jar, key);
        }
        return sum;
    }

    /** The count {@code key} of the rewritten {@code jar}. */
    static long count(Path jar, String key) throws IOException {
        Properties p = new Properties();
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry e = j.getEntry(RuntimeApi.METADATA_RESOURCE);
            if (e == null) {
                throw new IOException(jar + " has no " + RuntimeApi.METADATA_RESOURCE);
            }
            try (InputStream in = j.getInputStream(e)) {
                p.load(in);
            }
        }
        String value = p.getProperty(key);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IOException(jar + ": " + RuntimeApi.METADATA_RESOURCE + " has no count " + key + " (" + value + ")");
        }
    }
}
