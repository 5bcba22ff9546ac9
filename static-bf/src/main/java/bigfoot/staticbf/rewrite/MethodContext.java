package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.placement.MethodPlan;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The rewriting of one method: its added locals, the original bcis and lines of its instructions, and
 * the insertion of code around them.
 *
 * <p>Locals past the original max_locals: {@code ts} (the thread state, fetched on first use: {@link
 * #threadState}), {@code lock} (the monitor of a synchronized method) and a scratch area. Every inserted sequence
 * uses the scratch slots only within itself (store, then load before the sequence ends), so all sequences share
 * them. After the scratch area, one local per value a deferred check needs ({@link MethodPlan}), and two per
 * element check in a loop that keeps its last array and that array's shadow ({@link #arrayMemo}), set to null / 0 at
 * entry so that every path agrees on their types.
 */
final class MethodContext {

    /** Scratch slots needed by the largest sequence: a library call's receiver, up to six argument slots, one more value. */
    static final int SCRATCH_SLOTS = 8;

    final ClassContext cls;
    final MethodNode method;
    private final Map<AbstractInsnNode, Integer> bcis;
    private final Map<AbstractInsnNode, Integer> lines = new IdentityHashMap<>();
    /** The local site id of each access registered so far: its check and its access event share one site. */
    private final Map<AbstractInsnNode, Integer> sites = new IdentityHashMap<>();
    private final ThreadStateFetches fetches;
    private final int lockSlot;
    private final int scratchBase;
    /** Value number -> local slot (and whether it holds a reference), for the values deferred checks need. */
    private final Map<Integer, Integer> valueSlots = new LinkedHashMap<>();
    private final Map<Integer, Boolean> valueIsReference = new HashMap<>();
    /** The long locals of the capsules' last checked epochs ({@link #capsuleEpoch}), by capsule index. */
    private final Map<Integer, Integer> epochSlots = new LinkedHashMap<>();
    /** The element checks that keep their last array and its shadow in locals, and those locals. */
    private final ArrayMemos memos;
    /** The next free local after the scratch slots. */
    private int nextLocal;
    /** The locals a call's arguments are spilled to ({@link #spillBlock}): the first, and how many. */
    private int spillBase;
    private int spillSize;
    private int programCallerSlot = -1;
    private final PlanFit fit;
    /** The original instructions by bytecode index, for the plan's positions. */
    private final Map<Integer, AbstractInsnNode> byBci;
    private final FreshThis freshThis;
    private final boolean checkedByCallers;
    /** The stack's reference types in the original code, for the escape barriers (none without them). */
    private final ValueTypes valueTypes;
    private boolean changed;

    MethodContext(ClassContext cls, MethodNode method, Map<AbstractInsnNode, Integer> bcis) {
        this.cls = cls;
        this.method = method;
        this.bcis = bcis;
        this.fetches = new ThreadStateFetches(method.maxLocals);
        this.lockSlot = method.maxLocals + 1;
        this.scratchBase = method.maxLocals + 2;
        this.nextLocal = scratchBase + SCRATCH_SLOTS;
        this.memos = new ArrayMemos(cls.name(), method);
        int line = -1;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LineNumberNode ln) {
                line = ln.line;
            } else if (insn.getOpcode() >= 0) {
                lines.put(insn, line);
            }
        }
        this.fit = cls.env.fits().of(cls.node, method).orElseGet(() -> PlanFit.checked(cls.env, cls.node, method, bcis));
        this.byBci = fit.plan().isPresent() ? PlanFit.byBci(bcis) : Map.of();
        this.freshThis = FreshThis.of(cls.name(), cls.node.superName, method);
        this.checkedByCallers = cls.env.isCheckedByCallers(cls.node, method);
        this.valueTypes = cls.env.escapeBits().enabled() ? ValueTypes.of(cls.name(), method) : ValueTypes.NONE;
    }

    /** The static types of the references on the stack in the original code ({@link ValueTypes}). */
    ValueTypes valueTypes() {
        return valueTypes;
    }

    /** True if this method is a field accessor whose access its callers check ({@link FieldAccesses#instrumentAccessorCall}). */
    boolean checkedByCallers() {
        return checkedByCallers;
    }

    /** Where a constructor's {@code this} has not escaped, as the original code shows it. */
    FreshThis freshThis() {
        return freshThis;
    }

    /** The plan of deferred checks this method follows, if any. */
    Optional<MethodPlan> plan() {
        return fit.plan();
    }

    /** The original instruction at a bytecode index named by the plan. */
    AbstractInsnNode instructionAt(int bci) {
        return byBci.get(bci);
    }

    /** The original bytecode index of an original instruction (null for labels, frames, line numbers). */
    Integer bytecodeIndex(AbstractInsnNode insn) {
        return bcis.get(insn);
    }

    /** The local keeping {@code value} for deferred checks, made on first use. */
    int valueSlot(int value, boolean reference) {
        valueIsReference.put(value, reference);
        return valueSlots.computeIfAbsent(value, v -> nextLocal++);
    }

    /**
     * The long local of the method's {@code index}th capsule ({@link CapsuleActivations}), made on first use: the
     * thread's epoch at the activation's last check of that capsule's location, -1 (no epoch) at entry.
     */
    int capsuleEpoch(int index) {
        return epochSlots.computeIfAbsent(index, i -> {
            nextLocal += 2;
            return nextLocal - 2;
        });
    }

    /**
     * The first of the two locals in which element check {@code access} keeps its last array and that array's shadow
     * ({@link ArrayAccesses}), made on first use; -1 if it keeps none ({@link ArrayMemos}).
     */
    int arrayMemo(AbstractInsnNode access) {
        return memos.slotOf(access, this::newMemo);
    }

    /**
     * The same for a moved element check ({@link DeferredChecks}) of the array in the placement's value {@code value},
     * placed at original instruction {@code at}.
     */
    int movedArrayMemo(AbstractInsnNode at, int value) {
        return memos.slotOfMoved(at, value, this::newMemo);
    }

    private int newMemo() {
        nextLocal += 2;
        return nextLocal - 2;
    }

    /** Pushes the thread state, fetched by the invocation's first check or event ({@link ThreadStateFetches}). */
    Code threadState() {
        return fetches.fetch();
    }

    /** Stores ts, pushing nothing ({@link ThreadStateFetches#ensure}); {@link #storedThreadState} then pushes it. */
    Code ensureThreadState() {
        return fetches.ensure();
    }

    /** Pushes ts where an {@link #ensureThreadState} on every path before stored it. */
    Code storedThreadState() {
        return fetches.load();
    }

    int lockSlot() {
        return lockSlot;
    }

    int scratch(int index) {
        if (index >= SCRATCH_SLOTS) {
            throw new IllegalArgumentException("scratch slot " + index);
        }
        return scratchBase + index;
    }

    /** An int local holding whether the program's code called this method ({@code EscapeBarriers.methodStart}). */
    int programCallerSlot() {
        if (programCallerSlot < 0) {
            programCallerSlot = nextLocal++;
        }
        return programCallerSlot;
    }

    /** The first of {@code size} locals for a call's arguments, kept by no code after it: every call shares them. */
    int spillBlock(int size) {
        if (size > spillSize) {
            spillBase = nextLocal;
            spillSize = size;
            nextLocal += size;
        }
        return spillBase;
    }

    /** The code pushing the global id of the access {@code insn}'s site, registered on first use. */
    Code site(AbstractInsnNode insn, AccessOp op, String target) {
        int id = sites.computeIfAbsent(insn,
                i -> cls.sites.add(method.name, bcis.get(insn), lines.get(insn), op, target));
        return cls.siteId(id);
    }

    /**
     * True if the placement checks {@code access} (of a {@code capsuleLocation}: an own field of a capsule's other
     * object); a check it leaves out is counted as elided, moved or covered.
     */
    boolean placesCheckAt(AbstractInsnNode access, boolean capsuleLocation) {
        int op = access.getOpcode();
        Counts.SiteKind kind = op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC ? Counts.SiteKind.STATIC
                : op == Opcodes.GETFIELD || op == Opcodes.PUTFIELD ? Counts.SiteKind.FIELD : Counts.SiteKind.ARRAY;
        cls.counts.access(kind,
                elides(access) ? Counts.SiteCategory.ELIDED
                        : capsuleLocation ? Counts.SiteCategory.CAPSULE_LOCATION : Counts.SiteCategory.PLACED);
        int bci = bcis.get(access);
        boolean placed = fit.checksAt(cls.placement(), cls.node, method, access, bci);
        if (!placed) {
            if (elides(access)) {
                cls.counts.checkElided();
            } else if (fit.movesCheckOf(bci)) {
                cls.counts.checkMoved();
            } else {
                cls.counts.checkCovered();
            }
        }
        return placed;
    }

    /**
     * True if {@code access} gets no check at all ({@code --elide}): no access event for the verifier either, which
     * sees the run as the detector does.
     */
    boolean elides(AbstractInsnNode access) {
        Integer bci = bcis.get(access);
        return bci != null && cls.placement().elided(cls.node, method).contains(bci);
    }

    /** True if every access gets an access event for the precise-checks verifier ({@code --verify-placement}). */
    boolean verifiesPlacement() {
        return cls.env.verifyPlacement();
    }

    void insertBefore(AbstractInsnNode insn, Code code) {
        if (!code.isEmpty()) {
            method.instructions.insertBefore(insn, counted(code.take()));
        }
    }

    void insertAfter(AbstractInsnNode insn, Code code) {
        if (!code.isEmpty()) {
            method.instructions.insert(insn, counted(code.take()));
        }
    }

    void insertAtStart(Code code) {
        method.instructions.insert(counted(code.take()));
    }

    void append(Code code) {
        method.instructions.add(counted(code.take()));
    }

    /** True once anything was inserted; then {@link #finish} initialises the added locals at entry. */
    boolean changed() {
        return changed;
    }

    /**
     * Adds the initialisation of ts ({@link ThreadStateFetches#settle}) and the value locals' initial values at the
     * very start; makes room for the added locals.
     */
    void finish() {
        if (changed) {
            Code prologue = fetches.settle(method);
            valueSlots.forEach((value, slot) -> {
                if (valueIsReference.get(value)) {
                    prologue.op(Opcodes.ACONST_NULL).astore(slot);
                } else {
                    prologue.push(0).store(Type.INT_TYPE, slot);
                }
            });
            epochSlots.values().forEach(slot -> prologue.ldc(-1L).store(Type.LONG_TYPE, slot));
            memos.slots().forEach(slot -> prologue.op(Opcodes.ACONST_NULL).astore(slot)
                    .op(Opcodes.ACONST_NULL).astore(slot + 1));
            method.instructions.insert(counted(prologue.take()));
            cls.counts.uncount(RuntimeApi.THREAD, fetches.cut());
            method.maxLocals = nextLocal;
        }
    }

    private InsnList counted(InsnList list) {
        changed = true;
        cls.counts.countRuntimeCalls(list);
        return list;
    }
}
