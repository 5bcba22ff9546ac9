package bigfoot.staticbf.bytecode;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.BasicValue;

/**
 * A reference value of ASM's basic analysis that equals only itself, for following one value (a method's {@code this})
 * through the frames: BasicValue's own equality compares types, so the analysis would merge it with any reference.
 */
public final class DistinctValue {

    private DistinctValue() {
    }

    /** A fresh distinct reference value. */
    public static BasicValue create() {
        return new BasicValue(Type.getObjectType("java/lang/Object")) {
            @Override
            public boolean equals(Object other) {
                return other == this;
            }

            @Override
            public int hashCode() {
                return System.identityHashCode(this);
            }
        };
    }
}
