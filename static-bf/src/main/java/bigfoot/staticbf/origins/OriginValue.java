package bigfoot.staticbf.origins;

import java.util.Set;
import org.objectweb.asm.tree.analysis.Value;

/** A value of an {@link OriginInterpreter} dataflow: its size in slots and, for a reference, where it may come from. */
public final class OriginValue implements Value {
    private final int size;
    private final Set<Origin> origins;

    OriginValue(int size, Set<Origin> origins) {
        this.size = size;
        this.origins = origins;
    }

    /** The origins of a reference; none for a primitive. */
    public Set<Origin> origins() {
        return origins;
    }

    @Override
    public int getSize() {
        return size;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OriginValue v && v.size == size && v.origins.equals(origins);
    }

    @Override
    public int hashCode() {
        return size * 31 + origins.hashCode();
    }
}
