package bigfoot.staticbf.hierarchy;

import java.io.Closeable;
import java.io.IOException;

/** A place class files can be looked up in by internal name. */
public interface ClassSource extends Closeable {

    /** The class, or null if this source does not have it. */
    ClassInfo find(String internalName) throws IOException;

    @Override
    default void close() throws IOException {
    }
}
