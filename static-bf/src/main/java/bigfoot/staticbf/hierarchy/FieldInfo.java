package bigfoot.staticbf.hierarchy;

import org.objectweb.asm.Opcodes;

/**
 * A field declared by a class: name, descriptor, access flags, and whether it has a ConstantValue
 * attribute (a compile-time constant, which javac inlines at every use).
 */
public record FieldInfo(String name, String descriptor, int access, boolean isConstant) {

    public boolean isStatic() {
        return (access & Opcodes.ACC_STATIC) != 0;
    }

    public boolean isFinal() {
        return (access & Opcodes.ACC_FINAL) != 0;
    }

    public boolean isVolatile() {
        return (access & Opcodes.ACC_VOLATILE) != 0;
    }
}
