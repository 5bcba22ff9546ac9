package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.ir.Site;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The capsule checks of one instance method of a capsule class or of a subclass ({@code --capsules}; the BigFoot
 * dissertation, chapter 5). A capsule's own fields are one location per object, its capsule location; the method's
 * accesses to them on {@code this} (an activation's), and to the elements of the capsule's protected arrays, get no
 * checks of their own. Instead the first such access of each stretch of the method with no release in it is preceded
 * by a check of the capsule location, {@code RT.capsuleWrite(this, __bf$w$$capsule, __bf$u$$capsule, ts, site)}
 * (or {@code capsuleRead} with the R word, in a method that writes no own field or protected element of that
 * capsule), one per capsule class whose fields the method touches (a subclass's method may touch its own and its
 * superclasses'). A stretch is the code the thread runs in one epoch: every covered access of a stretch is in the
 * epoch of its first, so FastTrack's rules on the capsule location order every pair of them, as an
 * activation-per-activation check ([CapMethod], made lazily at the first access) would, without its exit.
 * Statically, an access that every path reaches after another one with no possible release in between (a
 * {@code monitorexit}, a volatile write, a call or first use of another class that the placement's analysis could not
 * prove release-free) gets nothing ({@link MustPass}). The others compare the thread's epoch with the one a long local
 * per capsule recorded at the activation's last check of it (none at entry), and check only when it changed: a loop
 * checks once, and so does code past a call that did not release after all. A call handing a protected array to a
 * filler that only reads it always gets the guarded check, after its class is initialised, and so does a JDK copy
 * writing into one (a write check). A call on {@code this}
 * that every path reaches after a check with no release since hands that check on through the thread state; the
 * called activation, if it is still in that epoch on the same object and needs no stronger check, makes none of its
 * own.
 */
final class CapsuleActivations {

    private final MethodContext ctx;
    /** Covered accesses that some path reaches without a check since the last release: they get the guarded check. */
    private final Set<AbstractInsnNode> heads;
    /** The capsule classes whose own fields or protected elements the method writes: their checks are write checks. */
    private final Set<String> written;
    /** The capsule classes whose fields the method touches, in order: the index of each one's epoch local. */
    private final List<String> capsules;
    /** Calls on {@code this} that every path reaches after a check of a capsule, with that capsule. */
    private final Map<AbstractInsnNode, String> handOffs;

    private CapsuleActivations(MethodContext ctx, Set<AbstractInsnNode> heads, Set<String> written,
            List<String> capsules, Map<AbstractInsnNode, String> handOffs) {
        this.ctx = ctx;
        this.heads = heads;
        this.written = written;
        this.capsules = capsules;
        this.handOffs = handOffs;
    }

    /**
     * The capsule checks of {@code ctx}'s method, if it is an instance method of a capsule class that accesses an own
     * field; else null. Before any code is inserted; {@code beforeSuperCall}: a constructor's accesses before its
     * super() call (javac's stores of captured values), where no other thread can see {@code this} and it cannot be
     * passed yet: no check.
     */
    static CapsuleActivations of(MethodContext ctx, Set<AbstractInsnNode> beforeSuperCall) {
        if ((ctx.method.access & Opcodes.ACC_STATIC) != 0 || ctx.cls.env.capsules().size() == 0) {
            return null;
        }
        Map<String, Set<AbstractInsnNode>> accesses = new LinkedHashMap<>(); // by capsule class
        Set<AbstractInsnNode> releasing = identitySet();
        Set<AbstractInsnNode> fillerCalls = identitySet();
        Set<String> written = new HashSet<>();
        Set<Integer> releaseFree = ctx.cls.placement().releaseFree(ctx.cls.node, ctx.method);
        for (AbstractInsnNode insn : ctx.method.instructions) {
            String capsule = capsuleOf(ctx, insn);
            String copiedInto = copierWriteOf(ctx, insn);
            if (capsule != null && insn instanceof MethodInsnNode) {
                accesses.computeIfAbsent(capsule, k -> identitySet()).add(insn); // a filler call: see beforeFillerCall
                fillerCalls.add(insn);
            } else if (copiedInto != null) {
                accesses.computeIfAbsent(copiedInto, k -> identitySet()).add(insn); // as a filler call, writing
                fillerCalls.add(insn);
                written.add(copiedInto);
            } else if (capsule != null && !beforeSuperCall.contains(insn)) {
                accesses.computeIfAbsent(capsule, k -> identitySet()).add(insn);
                if (insn.getOpcode() == Opcodes.PUTFIELD || ArrayAccesses.isStore(insn.getOpcode())) {
                    written.add(capsule);
                }
            } else if (mayRelease(ctx, releaseFree, insn)) {
                releasing.add(insn);
            }
        }
        if (accesses.isEmpty()) {
            return null;
        }
        Set<AbstractInsnNode> heads = identitySet();
        Map<AbstractInsnNode, String> handOffs = new IdentityHashMap<>();
        Set<Integer> callsOnThis = ctx.cls.env.capsules().callsOnThis(ctx.cls.name(), ctx.method.name + ctx.method.desc);
        AbstractInsnNode[] insns = ctx.method.instructions.toArray();
        for (Map.Entry<String, Set<AbstractInsnNode>> ofOneCapsule : accesses.entrySet()) {
            boolean[] checked = MustPass.before(ctx.method, ofOneCapsule.getValue(), Set.of(), releasing);
            for (int i = 0; i < insns.length; i++) {
                if (ofOneCapsule.getValue().contains(insns[i]) && (checked == null || !checked[i])
                        && !fillerCalls.contains(insns[i])) {                // those always check: beforeFillerCall
                    heads.add(insns[i]);
                } else if (checked != null && checked[i] && insns[i] instanceof MethodInsnNode
                        && callsOnThis.contains(ctx.bytecodeIndex(insns[i]))) {
                    handOffs.putIfAbsent(insns[i], ofOneCapsule.getKey()); // one location per call: the first
                }
            }
        }
        return new CapsuleActivations(ctx, heads, written, List.copyOf(accesses.keySet()), handOffs);
    }

    /**
     * True if {@code insn} accesses an own field or a protected array of a capsule as an activation: on {@code this},
     * in a method of the capsule or of a subclass ({@code CapsuleCandidates}).
     */
    boolean covers(AbstractInsnNode insn) {
        return !(insn instanceof MethodInsnNode) && capsuleOf(ctx, insn) != null;
    }

    /**
     * The capsule class whose own field or protected array {@code insn} accesses as an activation (on {@code this}),
     * or whose protected array it hands to a filler, or null.
     */
    static String capsuleOf(MethodContext ctx, AbstractInsnNode insn) {
        Integer bci = ctx.bytecodeIndex(insn);
        String method = ctx.method.name + ctx.method.desc;
        if (bci == null || !ctx.cls.env.capsules().accesses().of(ctx.cls.name(), method).contains(bci)) {
            return null; // another object's: checked as a field is, on that object's capsule location
        }
        if (ArrayAccesses.isLoad(insn.getOpcode()) || ArrayAccesses.isStore(insn.getOpcode())
                || insn instanceof MethodInsnNode) {
            return ctx.cls.env.capsules().elementCapsule(ctx.cls.name(), method, bci);
        }
        if (!(insn instanceof FieldInsnNode f) || (f.getOpcode() != Opcodes.GETFIELD && f.getOpcode() != Opcodes.PUTFIELD)) {
            return null;
        }
        return ctx.cls.fields().resolve(f.owner, f.name, f.desc).map(r -> r.declaringClass().name())
                .filter(d -> ctx.cls.env.capsules().isOwnField(d, f.name)).orElse(null);
    }

    /** The capsule class whose protected array {@code insn}, a JDK copy (an activation's), writes; or null. */
    private static String copierWriteOf(MethodContext ctx, AbstractInsnNode insn) {
        Integer bci = ctx.bytecodeIndex(insn);
        return insn instanceof MethodInsnNode && bci != null
                ? ctx.cls.env.capsules().copierWriteCapsule(ctx.cls.name(), ctx.method.name + ctx.method.desc, bci) : null;
    }

    /**
     * Where the thread's epoch may change: a monitorexit, a volatile write, a call (it may release) and the first use
     * of another class (a {@code new} or static access may run its {@code <clinit>}, which ends with a release),
     * unless the placement's analysis found the call or use release-free ({@code Placement.releaseFree}).
     */
    private static boolean mayRelease(MethodContext ctx, Set<Integer> releaseFree, AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op == Opcodes.MONITOREXIT || insn instanceof InvokeDynamicInsnNode
                || insn instanceof FieldInsnNode f && (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC)
                        && ctx.cls.fields().resolve(f.owner, f.name, f.desc).map(r -> r.field().isVolatile())
                                .orElse(true)) {
            return true;
        }
        boolean usesClass = insn instanceof MethodInsnNode || op == Opcodes.NEW
                || (op == Opcodes.GETSTATIC || op == Opcodes.PUTSTATIC)
                        && !((FieldInsnNode) insn).owner.equals(ctx.cls.name());
        Integer bci = ctx.bytecodeIndex(insn);
        return usesClass && (bci == null || !releaseFree.contains(bci));
    }

    /**
     * Before an own-field or protected-array element access that may begin a stretch: the check of the capsule
     * location, unless the activation checked it already in the thread's current epoch (a loop's later iterations, a
     * call that did not release after all); the check records the epoch.
     */
    void beforeAccess(AbstractInsnNode access) {
        ctx.cls.counts.capsuleAccess(!(access instanceof FieldInsnNode));
        if (heads.contains(access)) {
            ctx.insertBefore(access, check(access, capsuleOf(ctx, access)));
        }
    }

    /**
     * Before a call handing a protected array to a filler that only reads it (the filler's reads are checked, but not
     * against the activations' unchecked writes): the filler's class initialised first, as the call would (a filler
     * has no release in it, but its class's initialiser ends with one), then the check of the capsule location unless
     * the activation checked it already in the thread's epoch: the filler's reads are then in the epoch of a check,
     * however the call returns. Before a JDK copy writing into a protected array ({@code System.arraycopy}'s
     * destination, {@code Arrays.fill}), the same check, a write check: the copy's own array checks never meet the
     * activations' unchecked reads.
     */
    void beforeFillerCall(MethodInsnNode call) {
        String copiedInto = copierWriteOf(ctx, call);
        if (copiedInto != null) { // a JDK copy into a protected array: the JDK's classes are initialised
            ctx.insertBefore(call, check(call, copiedInto));
            return;
        }
        String owner = capsuleOf(ctx, call);
        if (owner == null) {
            return;
        }
        Code code = new Code();
        if (!call.owner.equals(ctx.cls.name())) { // a running method's class is initialised, or being so by this thread
            code.ldc(Type.getObjectType(call.owner)).call(RuntimeApi.INITIALIZE);
        }
        ctx.insertBefore(call, code.append(check(call, owner)));
    }

    /** The guarded check of the location of capsule class {@code owner}, whose fields or arrays {@code access} touches. */
    private Code check(AbstractInsnNode access, String owner) {
        boolean writes = written.contains(owner);
        int lastChecked = ctx.capsuleEpoch(capsules.indexOf(owner));
        String location = RuntimeApi.CAPSULE_LOCATION;
        LabelNode sameEpoch = new LabelNode();
        LabelNode done = new LabelNode();
        Code code = new Code().append(ctx.threadState())
                .invoke(Opcodes.INVOKEVIRTUAL, RuntimeApi.THREAD_STATE, RuntimeApi.THREAD_EPOCH, "()J", false)
                .op(Opcodes.DUP2).load(Type.LONG_TYPE, lastChecked).op(Opcodes.LCMP).jump(Opcodes.IFEQ, sameEpoch)
                .store(Type.LONG_TYPE, lastChecked);
        if (ctx.cls.env.escapeBits().root(owner) != null) {
            // --elide dynamic-escape: no check of a local object; the stretch's later accesses are in this epoch, in
            // which no other thread can have reached it by an ordered read: an escape is published by a later release
            code.aload(0).field(Opcodes.GETFIELD, owner, RuntimeApi.LOCAL_BIT_FIELD, "I").jump(Opcodes.IFNE, done);
        }
        return code.append(ctx.threadState()).aload(0).append(location(owner)).op(writes ? Opcodes.ICONST_1 : Opcodes.ICONST_0)
                .invoke(Opcodes.INVOKEVIRTUAL, RuntimeApi.THREAD_STATE, RuntimeApi.HANDED_OFF, RuntimeApi.HANDED_OFF_DESC,
                        false)
                .jump(Opcodes.IFNE, done).aload(0).aload(0)
                .field(Opcodes.GETFIELD, owner, writes ? RuntimeApi.writeWordField(location)
                        : RuntimeApi.readWordField(location), "J")
                .append(location(owner)).append(ctx.threadState())
                .append(ctx.site(access, writes ? AccessOp.WRITE : AccessOp.READ, access instanceof FieldInsnNode f
                        ? owner.replace('/', '.') + "." + f.name : Site.ARRAY))
                .call(writes ? RuntimeApi.CAPSULE_WRITE : RuntimeApi.CAPSULE_READ)
                .jump(Opcodes.GOTO, done).label(sameEpoch).op(Opcodes.POP2).label(done);
    }

    /**
     * Before a call on {@code this} that every path reaches after a check of a capsule location with no release since:
     * the thread state is told the location, the epoch of that check and its kind, so that the called activation, a
     * nested one on the same object, makes no check of its own in that epoch, nor a read check where that one was a
     * write check: FastTrack's SAME EPOCH cases, decided without the location's words.
     */
    void beforeCall(MethodInsnNode call) {
        String owner = handOffs.get(call);
        if (owner == null) {
            return;
        }
        ctx.insertBefore(call, new Code().append(ctx.threadState()).aload(0).append(location(owner))
                .load(Type.LONG_TYPE, ctx.capsuleEpoch(capsules.indexOf(owner)))
                .op(written.contains(owner) ? Opcodes.ICONST_1 : Opcodes.ICONST_0)
                .invoke(Opcodes.INVOKEVIRTUAL, RuntimeApi.THREAD_STATE, RuntimeApi.HAND_OFF, RuntimeApi.HAND_OFF_DESC,
                        false));
        ctx.cls.counts.capsuleHandOff();
    }

    /** Pushes the shadow of capsule class {@code owner}'s location (its {@code FieldShadow}). */
    private static Code location(String owner) {
        return new Code().field(Opcodes.GETSTATIC, owner, RuntimeApi.updaterField(RuntimeApi.CAPSULE_LOCATION),
                ShadowPolicy.FIELD_SHADOW_DESC);
    }

    private static Set<AbstractInsnNode> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
