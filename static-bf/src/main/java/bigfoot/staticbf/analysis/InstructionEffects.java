package bigfoot.staticbf.analysis;

import bigfoot.staticbf.wala.KillSet;
import bigfoot.staticbf.wala.CallKills;
import bigfoot.staticbf.wala.WalaLookups;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayReferenceInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.TypeReference;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What each SSA instruction of one method means to check placement, shared by every placement analysis:
 * the checked access it performs (if the rewriter checks it), and its synchronisation: acquire (an HB sink:
 * monitorenter, volatile read, a call whose kill set acquires) and release (an HB source: monitorexit, volatile
 * write, a call whose kill set releases, {@code Class.forName}), and the application class whose first use it
 * is (that use may run the rewritten {@code <clinit>}, which releases, and is ordered after it: an acquire).
 */
final class InstructionEffects {

    /**
     * @param access      the checked location accessed, or null (no access, a volatile, final or foreign field)
     * @param initializes an application class this instruction may initialise first, or null
     * @param joins       for a static field of an application class, that class: the runtime orders a thread after
     *                    the class's initialisation (an acquire) at its first static access to it, null otherwise
     */
    record Effect(CheckedLocation access, boolean write, boolean acquires, boolean releases, IClass initializes,
            IClass joins) {
        static final Effect NONE = new Effect(null, false, false, false, null, null);

        /** This effect with its access named as {@link CheckedLocation#renamed} names it. */
        Effect renamed(Map<Integer, Integer> names) {
            return access == null ? this : new Effect(access.renamed(names), write, acquires, releases, initializes, joins);
        }

        static Effect sync(boolean acquires, boolean releases) {
            return new Effect(null, false, acquires, releases, null, null);
        }
    }

    private final IR ir;
    private final IMethod method;
    private final IClassHierarchy cha;
    private final CallKills killSets;
    private final Set<IClass> alwaysInitialized = new HashSet<>();
    private final BitSet uninitializedThisWrites;
    private final BitSet elided;

    /** @param elided instruction indices of accesses that get no check ({@code --elide}) */
    InstructionEffects(IR ir, IClassHierarchy cha, CallKills killSets, BitSet elided) {
        this.ir = ir;
        this.elided = elided;
        this.method = ir.getMethod();
        this.cha = cha;
        this.killSets = killSets;
        // the class running the method and its superclasses are initialised (or being initialised by this thread)
        for (IClass c = method.getDeclaringClass(); c != null; c = c.getSuperclass()) {
            alwaysInitialized.add(c);
        }
        this.uninitializedThisWrites = uninitializedThisWrites();
    }

    Effect of(SSAInstruction insn) {
        if (insn instanceof SSAFieldAccessInstruction access) {
            return fieldAccess(access);
        } else if (insn instanceof SSAArrayReferenceInstruction array) {
            if (elided.get(insn.iIndex())) {
                return Effect.NONE;
            }
            return new Effect(new CheckedLocation.ArrayElement(array.getArrayRef(), array.getIndex()),
                    insn instanceof SSAArrayStoreInstruction, false, false, null, null);
        } else if (insn instanceof SSAMonitorInstruction monitor) {
            return Effect.sync(monitor.isMonitorEnter(), !monitor.isMonitorEnter());
        } else if (insn instanceof SSANewInstruction allocation) {
            TypeReference type = allocation.getConcreteType();
            return type.isArrayType() ? Effect.NONE
                    : new Effect(null, false, false, false, initialized(cha.lookupClass(type)), null);
        } else if (insn instanceof SSAAbstractInvokeInstruction call) {
            return invoke(call);
        }
        return Effect.NONE;
    }

    private Effect fieldAccess(SSAFieldAccessInstruction access) {
        boolean write = access instanceof SSAPutInstruction;
        IField field = WalaLookups.resolveField(cha, access.getDeclaredField());
        if (field == null) {
            return Effect.sync(!write, write); // may be a volatile
        }
        IClass init = access.isStatic() ? initialized(field.getDeclaringClass()) : null;
        IClass joins = access.isStatic() && isApplication(field.getDeclaringClass()) ? field.getDeclaringClass() : null;
        if (field.isVolatile()) {
            return new Effect(null, false, !write, write, init, joins); // VOLATILE READ = acquire, VOLATILE WRITE = release
        }
        if (field.isFinal() || !isApplication(field.getDeclaringClass())
                || write && uninitializedThisWrites.get(access.iIndex()) || elided.get(access.iIndex())) {
            return new Effect(null, false, false, false, init, joins); // unchecked (final, uninitialised this, elided) or foreign
        }
        CheckedLocation location = access.isStatic()
                ? new CheckedLocation.StaticField(field.getReference())
                : new CheckedLocation.InstanceField(access.getRef(), field.getReference());
        return new Effect(location, write, false, false, init, joins);
    }

    private Effect invoke(SSAAbstractInvokeInstruction call) {
        MethodReference target = call.getDeclaredTarget();
        IClass init = null;
        if (call.isStatic()) {
            IMethod resolved = WalaLookups.resolveMethod(cha, target);
            init = initialized(resolved != null ? resolved.getDeclaringClass() : cha.lookupClass(target.getDeclaringClass()));
        }
        KillSet kills = killSets.atCall(method, call); // [Call]
        return new Effect(null, false, kills.acquires(), kills.releases() || isClassForName(target), init, null);
    }

    /** CLASS INIT: the class if using it may run its rewritten {@code <clinit>}; null if it certainly does not. */
    private IClass initialized(IClass c) {
        return c == null || !isApplication(c) || alwaysInitialized.contains(c) ? null : c;
    }

    private static boolean isClassForName(MethodReference target) {
        return target.getDeclaringClass().getName().toString().equals("Ljava/lang/Class")
                && target.getName().toString().equals("forName");
    }

    static boolean isApplication(IClass c) {
        return c.getClassLoader().getReference().equals(ClassLoaderReference.Application);
    }

    /**
     * In a constructor, the writes to {@code this}'s fields before the super (or this) constructor call:
     * the rewriter leaves those unchecked. Code before that call is straight-line in what javac emits;
     * instructions are ordered by bytecode position, so "before" is "lower index".
     */
    private BitSet uninitializedThisWrites() {
        BitSet writes = new BitSet();
        if (!method.isInit()) {
            return writes;
        }
        SSAInstruction[] instructions = ir.getInstructions();
        int thisValue = 1;
        for (int i = 0; i < instructions.length; i++) {
            SSAInstruction insn = instructions[i];
            if (insn instanceof SSAAbstractInvokeInstruction call && !call.isStatic()
                    && call.getDeclaredTarget().isInit() && call.getReceiver() == thisValue) {
                return writes;
            }
            if (insn instanceof SSAPutInstruction put && !put.isStatic() && put.getRef() == thisValue) {
                writes.set(i);
            }
        }
        return writes;
    }
}
