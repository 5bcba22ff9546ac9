package bigfoot.staticbf.rewrite;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The methods of a class that a Comparator lambda or method reference of the same class runs ({@code (a, b) -> ...},
 * {@code Keys::byId}): the JDK makes the Comparator, so its {@code compare} is no method of the program, and the key
 * comparison ({@code bigfoot.staticbf.jdk.KeyComparison}) is the implementation method's. It compares its last two
 * values: a lambda's captured values come first, and an unbound method reference's receiver is the first of the two.
 */
final class ComparatorLambdas {

    private static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";

    private ComparatorLambdas() {
    }

    /** The name and descriptor of each method of {@code cls} that a Comparator made in {@code cls} runs. */
    static Set<String> of(ClassNode cls) {
        Set<String> found = new HashSet<>();
        for (MethodNode m : cls.methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof InvokeDynamicInsnNode indy && indy.bsm.getOwner().equals(METAFACTORY)
                        && indy.name.equals("compare") && indy.desc.endsWith(")Ljava/util/Comparator;")
                        && indy.bsmArgs.length > 1 && indy.bsmArgs[1] instanceof Handle impl
                        && impl.getOwner().equals(cls.name)) {
                    found.add(impl.getName() + impl.getDesc());
                }
            }
        }
        return found;
    }

    /** The local slots of {@code m}'s last two values (the receiver counts), or null if they are not both objects. */
    static int[] comparedSlots(MethodNode m) {
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        Type[] args = Type.getArgumentTypes(m.desc);
        int values = args.length + (isStatic ? 0 : 1);
        if (values < 2) {
            return null;
        }
        int[] slots = new int[values];
        boolean[] reference = new boolean[values];
        int slot = 0;
        int v = 0;
        if (!isStatic) {
            reference[v] = true;
            slots[v++] = slot++;
        }
        for (Type arg : args) {
            reference[v] = arg.getSort() == Type.OBJECT || arg.getSort() == Type.ARRAY;
            slots[v++] = slot;
            slot += arg.getSize();
        }
        return reference[values - 2] && reference[values - 1] ? new int[] {slots[values - 2], slots[values - 1]} : null;
    }
}
