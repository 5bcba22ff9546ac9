package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The capsule checks of one instance method of a capsule class or of a subclass ({@code --capsules}; the BigFoot
 * dissertation, chapter 5). A capsule's own fields are one location per object, its capsule location; their accesses get no checks of
 * their own. Instead the first own-field access of each stretch of the method with no release in it (a stretch ends at
 * any call, {@code monitorexit} or volatile write, where the thread's epoch may change) is preceded by a check of the
 * capsule location, {@code RT.capsuleWrite(this, __bf$s$$capsule, __bf$w$$capsule, __bf$u$$capsule, ts, site)} (or
 * {@code capsuleRead} with the R word, in a method that writes no own field of that capsule), one stretch per capsule
 * class whose fields the method touches (a subclass's method may touch its own and its superclasses'). Every own-field access of a stretch is in
 * the epoch of its first, so FastTrack's rules on the capsule location order every pair of own-field accesses, as an
 * activation-per-activation check ([CapMethod], made lazily at the first access) would, without its exit.
 */
final class CapsuleActivations {

    private final MethodContext ctx;
    /** Own-field accesses that begin a stretch of their capsule's location: they get the check. */
    private final Set<AbstractInsnNode> heads;
    /** The capsule classes whose own fields the method writes: their checks are write checks. */
    private final Set<String> written;

    private CapsuleActivations(MethodContext ctx, Set<AbstractInsnNode> heads, Set<String> written) {
        this.ctx = ctx;
        this.heads = heads;
        this.written = written;
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
        Map<String, Set<AbstractInsnNode>> accesses = new HashMap<>(); // by capsule class
        Set<AbstractInsnNode> releasing = identitySet();
        Set<String> written = new HashSet<>();
        for (AbstractInsnNode insn : ctx.method.instructions) {
            String capsule = capsuleOf(ctx, insn);
            if (capsule != null && !beforeSuperCall.contains(insn)) {
                accesses.computeIfAbsent(capsule, k -> identitySet()).add(insn);
                if (insn.getOpcode() == Opcodes.PUTFIELD) {
                    written.add(capsule);
                }
            } else if (mayRelease(ctx, insn)) {
                releasing.add(insn);
            }
        }
        if (accesses.isEmpty()) {
            return null;
        }
        Set<AbstractInsnNode> heads = identitySet();
        AbstractInsnNode[] insns = ctx.method.instructions.toArray();
        for (Set<AbstractInsnNode> ofOneCapsule : accesses.values()) {
            boolean[] checked = MustPass.before(ctx.method, ofOneCapsule, Set.of(), releasing);
            for (int i = 0; i < insns.length; i++) {
                if (ofOneCapsule.contains(insns[i]) && (checked == null || !checked[i])) {
                    heads.add(insns[i]);
                }
            }
        }
        return new CapsuleActivations(ctx, heads, written);
    }

    /**
     * True if {@code insn} accesses an own field of a capsule (on {@code this}, in a method of the capsule or of a
     * subclass, as the encapsulation check found).
     */
    boolean covers(AbstractInsnNode insn) {
        return capsuleOf(ctx, insn) != null;
    }

    /** The capsule class whose own field {@code insn} accesses, or null. */
    private static String capsuleOf(MethodContext ctx, AbstractInsnNode insn) {
        if (!(insn instanceof FieldInsnNode f) || (f.getOpcode() != Opcodes.GETFIELD && f.getOpcode() != Opcodes.PUTFIELD)) {
            return null;
        }
        return ctx.cls.fields().resolve(f.owner, f.name, f.desc).map(r -> r.declaringClass().name())
                .filter(d -> ctx.cls.env.capsules().isOwnField(d, f.name)).orElse(null);
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
        String owner = capsuleOf(ctx, access);
        boolean writes = written.contains(owner);
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
