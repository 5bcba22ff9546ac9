package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bigfoot.ir.RuntimeApi;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counts of a rewritten jar's instrumented.properties, summed over a program's jars, and its access sites by
 * category ({@link SiteCategories}).
 */
class RewriteMetadataTest {

    @TempDir
    Path dir;

    @Test
    void sumsACountOverTheJars() throws Exception {
        Path driver = jar("driver.jar", "capsules.classes=1\nchecks.capsule=4\n");
        Path library = jar("library.jar", "capsules=lucene-capsules.txt\ncapsules.classes=7\nchecks.capsule=120\n");
        assertEquals(124, RewriteMetadata.total(List.of(driver, library), "checks.capsule"));
        assertEquals(8, RewriteMetadata.total(List.of(driver, library), "capsules.classes"));
    }

    @Test
    void aMissingCountIsAnError() throws Exception {
        Path older = jar("older.jar", "mode=bigfoot\n");
        IOException e = assertThrows(IOException.class, () -> RewriteMetadata.count(older, "checks.capsule"));
        assertEquals(older + ": " + RuntimeApi.METADATA_RESOURCE + " has no count checks.capsule (null)", e.getMessage());
    }

    @Test
    void sortsAProgramsSitesByWhatCoversThem() throws Exception {
        String none = "sites.field.capsule=0\nsites.field.protected=0\nsites.field.capsule-location=0\n"
                + "sites.field.elided=0\nsites.array.capsule=0\nsites.array.capsule-location=0\nsites.array.elided=0\n"
                + "sites.static.capsule=0\nsites.static.protected=0\nsites.static.capsule-location=0\n"
                + "sites.static.elided=0\n";
        Path driver = jar("driver.jar", none + "sites.field.placed=2\nsites.array.protected=0\nsites.array.placed=4\n"
                + "sites.static.placed=1\n");
        Path library = jar("library.jar", none.replace("sites.field.capsule=0", "sites.field.capsule=6")
                + "sites.field.placed=2\nsites.array.protected=2\nsites.array.placed=4\nsites.static.placed=0\n");
        assertEquals("field sites 10: capsule 60%, placed 40%; array sites 10: protected 20%, placed 80%; "
                + "static sites 1: placed 100%", SiteCategories.describe(List.of(driver, library)));
    }

    private Path jar(String name, String properties) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os)) {
            out.putNextEntry(new ZipEntry(RuntimeApi.METADATA_RESOURCE));
            out.write(properties.getBytes(StandardCharsets.ISO_8859_1));
            out.closeEntry();
        }
        return jar;
    }
}
