package bigfoot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rewrite is reused only with its jar in place and under the key it was made with. */
class RewriteCacheTest {

    @TempDir
    Path dir;

    @Test
    void reusesARewriteOnlyUnderItsOwnKey() throws Exception {
        Path jar = Files.writeString(dir.resolve("lib-bigfoot-proxies.jar"), "rewritten");
        RewriteCache.store(new Rewriter.Rewritten(jar, 12.5, "staticbf: wrote lib (bigfoot): ...", false), "key-1");

        Optional<Rewriter.Rewritten> hit = RewriteCache.lookup(jar, "key-1");
        assertEquals(Optional.of(new Rewriter.Rewritten(jar, 12.5, "staticbf: wrote lib (bigfoot): ...", true)), hit);
        assertTrue(RewriteCache.lookup(jar, "key-2").isEmpty(), "another key (changed input, options or StaticBF)");

        RewriteCache.forget(jar);
        assertTrue(RewriteCache.lookup(jar, "key-1").isEmpty(), "forgotten before a new rewrite");
    }

    @Test
    void aKeyWithoutItsJarIsNotReused() throws Exception {
        Path jar = Files.writeString(dir.resolve("lib-fasttrack-per-field.jar"), "rewritten");
        RewriteCache.store(new Rewriter.Rewritten(jar, 1.0, "staticbf: wrote lib (fasttrack): ...", false), "key");
        Files.delete(jar);
        assertTrue(RewriteCache.lookup(jar, "key").isEmpty());
    }
}
