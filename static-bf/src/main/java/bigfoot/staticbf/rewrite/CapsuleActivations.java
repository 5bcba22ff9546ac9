package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The capsule checks of one instance method of a capsule class ({@code --capsules}; the BigFoot dissertation, chapter
 * 5). The class's own fields are one location per object, its capsule location; their accesses get no checks of
 * their own. Instead the first own-field access of each stretch of the method with no release in it (a stretch ends at
 * any call, {@code monitorexit} or volatile write, where the thread's epoch may change) is preceded by a check of the
 * capsule location, {@code RT.capsuleWrite(this, __bf$s$$capsule, __bf$w$$capsule, __bf$u$$capsule, ts, site)} (or
 * {@code capsuleRead} with the R word, in a method that writes no own field). Every own-field access of a stretch is in
 * the epoch of its first, so FastTrack's rules on the capsule location order every pair of own-field accesses, as an
 * activation-per-activation check ([CapMethod], made lazily at the first access) would, without its exit.
 */
final class CapsuleActivations {

    private final MethodContext ctx;
    /** Own-field accesses that begin a stretch: they get the check. */
    private final Set<AbstractInsnNode> heads;
    private final boolean writes;

    private CapsuleActivations(MethodContext ctx, Set<AbstractInsnNode> heads, boolean writes) {
        this.ctx = ctx;
        this.heads = heads;
        this.writes = writes;
    }

    /**
     * The capsule checks of {@code ctx}'s method, if it is an instance method of a capsule class that accesses an own
     * field; else null. Before any code is inserted; {@code beforeSuperCall}: a constructor's accesses before its
     * super() call (javac's stores of captured values), where no other thread can see {@code this} and it cannot be
     * passed yet: no check.
     */
    static CapsuleActivations of(MethodContext ctx, Set<AbstractInsnNode> beforeSuperCall) {
        if ((ctx.method.access & Opcodes.ACC_STATIC) != 0 || !ctx.cls.env.capsules().isCapsule(ctx.cls.name())) {
            return null;
        }
        Set<AbstractInsnNode> accesses = identitySet();
        Set<AbstractInsnNode> releasing = identitySet();
        boolean writes = false;
        for (AbstractInsnNode insn : ctx.method.instructions) {
            if (covers(ctx, insn) && !beforeSuperCall.contains(insn)) {
                accesses.add(insn);
                writes |= insn.getOpcode() == Opcodes.PUTFIELD;
            } else if (mayRelease(ctx, insn)) {
                releasing.add(insn);
            }
        }
        if (accesses.isEmpty()) {
            return null;
        }
        boolean[] checked = MustPass.before(ctx.method, accesses, Set.of(), releasing);
        Set<AbstractInsnNode> heads = identitySet();
        AbstractInsnNode[] insns = ctx.method.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            if (accesses.contains(insns[i]) && (checked == null || !checked[i])) {
                heads.add(insns[i]);
            }
        }
        return new CapsuleActivations(ctx, heads, writes);
    }

    /** True if {@code insn} accesses an own field of the capsule (on {@code this}, as the encapsulation check found). */
    boolean covers(AbstractInsnNode insn) {
        return covers(ctx, insn);
    }

    private static boolean covers(MethodContext ctx, AbstractInsnNode insn) {
        return insn instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD)
                && ctx.cls.fields().resolve(f.owner, f.name, f.desc)
                        .filter(r -> r.declaringClass().name().equals(ctx.cls.name())).isPresent()
                && ctx.cls.env.capsules().isOwnField(ctx.cls.name(), f.name);
    }

    /** Where the thread's epoch may change: a call (it may release), a monitorexit, a volatile write. */
    private static boolean mayRelease(MethodContext ctx, AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (insn instanceof MethodInsnNode || insn instanceof InvokeDynamicInsnNode || op == Opcodes.MONITOREXIT) {
            return true;
        }
        return insn instanceof FieldInsnNode f && (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC)
                && ctx.cls.fields().resolve(f.owner, f.name, f.desc).map(r -> r.field().isVolatile()).orElse(true);
    }

    /** Before an own-field access: the check of the capsule location, if the access begins a stretch. */
    void beforeAccess(FieldInsnNode access) {
        ctx.cls.counts.capsuleAccess();
        if (!heads.contains(access)) {
            return;
        }
        String owner = ctx.cls.name();
        String location = RuntimeApi.CAPSULE_LOCATION;
        ctx.insertBefore(access, new Code().aload(0).aload(0)
                .field(Opcodes.GETFIELD, owner, RuntimeApi.shadowField(location), ShadowPolicy.VAR_STATE_DESC).aload(0)
                .field(Opcodes.GETFIELD, owner, writes ? RuntimeApi.writeWordField(location)
                        : RuntimeApi.readWordField(location), "J")
                .field(Opcodes.GETSTATIC, owner, RuntimeApi.updaterField(location), ShadowPolicy.FIELD_SHADOW_DESC)
                .append(ctx.threadState())
                .append(ctx.site(access, writes ? AccessOp.WRITE : AccessOp.READ,
                        owner.replace('/', '.') + "." + access.name))
                .call(writes ? RuntimeApi.CAPSULE_WRITE : RuntimeApi.CAPSULE_READ));
    }

    private static Set<AbstractInsnNode> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
