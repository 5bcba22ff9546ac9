package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.TypeReference;
import java.util.HashSet;
import java.util.Set;

/**
 * What a stretch of code may write that a load could read (ALIAS, {@link LoopInvariants} and {@link LoadAliases}): the
 * fields it stores, by name and type (a store to any field that may be the loaded one, any class, any receiver), the
 * element types of the arrays it stores into (any reference array for a reference element), and whether it may write
 * anything at all: a call (except a few JDK methods that touch no program object), or what the caller adds with
 * {@link #anything()} (synchronisation, a class initialiser that may run).
 */
final class HeapWrites {

    private final Set<String> fields = new HashSet<>();
    private final Set<String> elements = new HashSet<>();
    private boolean anything;

    void add(SSAInstruction insn) {
        if (insn instanceof SSAAbstractInvokeInstruction call && !cannotWriteTheProgramsHeap(call)) {
            anything = true;
        } else if (insn instanceof SSAPutInstruction put) {
            fields.add(key(put.getDeclaredField()));
        } else if (insn instanceof SSAArrayStoreInstruction store) {
            elements.add(key(store.getElementType()));
        }
    }

    void addAll(HeapWrites other) {
        fields.addAll(other.fields);
        elements.addAll(other.elements);
        anything |= other.anything;
    }

    void anything() {
        anything = true;
    }

    boolean writesAnything() {
        return anything;
    }

    /** True if {@code load} ({@code y.f}, {@code C.f} or {@code y[z]}) may read another value after this code. */
    boolean mayChange(SSAInstruction load) {
        if (anything) {
            return true;
        }
        return load instanceof SSAGetInstruction get ? fields.contains(key(get.getDeclaredField()))
                : elements.contains(key(((SSAArrayLoadInstruction) load).getElementType()));
    }

    static boolean isLoad(SSAInstruction insn) {
        return insn instanceof SSAGetInstruction || insn instanceof SSAArrayLoadInstruction;
    }

    private static String key(FieldReference field) {
        return field.getName() + ":" + field.getFieldType().getName();
    }

    /** An array's element type; all reference types are one (an {@code Object[]} store may hit a {@code String[]}). */
    private static String key(TypeReference element) {
        return element.isPrimitiveType() ? element.getName().toString() : "L";
    }

    /** Static methods of {@code java.lang.Math} and {@code StrictMath}: they read and write no program object. */
    private static boolean cannotWriteTheProgramsHeap(SSAAbstractInvokeInstruction call) {
        String owner = call.getDeclaredTarget().getDeclaringClass().getName().toString();
        return call.isStatic() && (owner.equals("Ljava/lang/Math") || owner.equals("Ljava/lang/StrictMath"));
    }
}
