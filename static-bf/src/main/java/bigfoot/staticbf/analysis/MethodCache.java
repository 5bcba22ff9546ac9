package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.FileStore;
import java.util.Optional;

/**
 * Where the analyses keep their per-method results for re-runs ({@link CachedResults}), and the key of what every one
 * of them depends on besides its class, the program's shape and the whole-program facts its analysis reads (StaticBF's
 * code, the JDK, the classpath, the mode and elision); {@link #NONE} keeps nothing.
 */
public record MethodCache(Optional<FileStore> store, String runKey) {

    public static final MethodCache NONE = new MethodCache(Optional.empty(), "");

    public static MethodCache in(FileStore store, String runKey) {
        return new MethodCache(Optional.of(store), runKey);
    }
}
