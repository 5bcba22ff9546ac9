package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.FileStore;
import java.util.Optional;

/**
 * Where the analyses keep their per-method results for re-runs ({@link CachedResults}) and the whole program's facts at
 * its calls ({@link KeptCallFacts}, in {@code calls}), and the key of what every one of them depends on besides its
 * class, the program's shape and the whole-program facts its analysis reads (StaticBF's code, the JDK, the classpath,
 * the mode and elision); {@link #NONE} keeps nothing.
 */
public record MethodCache(Optional<FileStore> store, Optional<FileStore> calls, String runKey) {

    public static final MethodCache NONE = new MethodCache(Optional.empty(), Optional.empty(), "");

    public static MethodCache in(FileStore methods, FileStore calls, String runKey) {
        return new MethodCache(Optional.of(methods), Optional.of(calls), runKey);
    }
}
