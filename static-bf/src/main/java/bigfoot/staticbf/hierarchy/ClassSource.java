package bigfoot.staticbf.hierarchy;

import java.io.Closeable;
import java.io.IOException;

/** A place class files can be looked up in by internal name. */
public interface ClassSource extends Closeable {

    /** The class, or null if this source does not have it. */
    ClassInfo find(String internalName) throws IOException;

    /** The class file's bytes, or null if this source does not have it or does not keep them. */
    default byte[] bytes(String internalName) throws IOException {
        return null;
    }

    @Override
    default void close() throws IOException {
    }
}
