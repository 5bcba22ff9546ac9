package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.capsule.ThisReceivers;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * The capsule checks of one instance method of a capsule class ({@code --capsules}; the BigFoot dissertation,
 * chapter 5). Its accesses to the class's own fields get no checks. Instead a local token, 0 at entry, records whether
 * the activation entered its object: before each own-field access that some path reaches with the token unset,
 * {@code if (token == 0) token = RT.capsuleEnter(this, __bf$c, ts, site)} ([CapMethod], lazily at the first access); before each return, and in a catch-all handler over
 * the body (from a constructor's super() call on), {@code if (token == 1) RT.capsuleExit(this, __bf$c, ts, token)}
 * ([ExitCap]). The exit comes after the method's other checks and before a synchronized method's release or a task
 * body's completion, so whoever is ordered after those is ordered after the exit.
 */
final class CapsuleActivations {

    static final String SHADOW_DESC = "L" + RuntimeApi.CAPSULE_SHADOW + ";";

    private final MethodContext ctx;
    /** A constructor's super() or this() call: the handler starts after it, where {@code this} is initialised. */
    private final AbstractInsnNode initialisingCall;
    /** Own-field accesses that every path reaches with the token already set. */
    private final Set<AbstractInsnNode> alreadyEntered;

    private CapsuleActivations(MethodContext ctx, AbstractInsnNode initialisingCall,
            Set<AbstractInsnNode> alreadyEntered) {
        this.ctx = ctx;
        this.initialisingCall = initialisingCall;
        this.alreadyEntered = alreadyEntered;
    }

    /**
     * The capsule checks of {@code ctx}'s method, if it is an instance method of a capsule class that accesses an own
     * field; else null. Before any code is inserted.
     */
    static CapsuleActivations of(MethodContext ctx, Set<AbstractInsnNode> beforeSuperCall) {
        if ((ctx.method.access & Opcodes.ACC_STATIC) != 0 || !ctx.cls.env.capsules().isCapsule(ctx.cls.name())) {
            return null;
        }
        boolean accessesOwnFields = false;
        for (AbstractInsnNode insn : ctx.method.instructions) {
            accessesOwnFields |= covers(ctx, insn);
        }
        if (!accessesOwnFields) {
            return null;
        }
        AbstractInsnNode initialisingCall = null;
        if ("<init>".equals(ctx.method.name)) {
            try {
                Set<AbstractInsnNode> calls = ThisReceivers.of(ctx.cls.name(), ctx.method).initialisingCalls();
                if (calls.size() != 1) {
                    return null; // the encapsulation check left no own-field access in such a constructor
                }
                initialisingCall = calls.iterator().next();
            } catch (AnalyzerException e) {
                return null;
            }
        }
        return new CapsuleActivations(ctx, initialisingCall, enteredBefore(ctx, beforeSuperCall));
    }

    /**
     * The own-field accesses every path reaches only after another one that entered ({@link MustPass}): their token
     * is set, so they need no guard.
     */
    private static Set<AbstractInsnNode> enteredBefore(MethodContext ctx, Set<AbstractInsnNode> beforeSuperCall) {
        Set<AbstractInsnNode> entering = Collections.newSetFromMap(new IdentityHashMap<>());
        for (AbstractInsnNode insn : ctx.method.instructions) {
            if (covers(ctx, insn) && !beforeSuperCall.contains(insn)) {
                entering.add(insn);
            }
        }
        boolean[] entered = MustPass.before(ctx.method, entering, Set.of());
        Set<AbstractInsnNode> out = Collections.newSetFromMap(new IdentityHashMap<>());
        if (entered != null) {
            AbstractInsnNode[] insns = ctx.method.instructions.toArray();
            for (int i = 0; i < insns.length; i++) {
                if (entered[i] && entering.contains(insns[i])) {
                    out.add(insns[i]);
                }
            }
        }
        return out;
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

    /**
     * Before an own-field access: the lazy enter, unless every path entered already. None before a constructor's
     * super() call (javac's stores of captured values), where {@code this} cannot be passed yet and no other thread
     * can see it.
     */
    void beforeAccess(FieldInsnNode access, boolean beforeSuperCall) {
        ctx.cls.counts.capsuleAccess();
        if (beforeSuperCall || alreadyEntered.contains(access)) {
            return;
        }
        int token = ctx.capsuleToken();
        boolean write = access.getOpcode() == Opcodes.PUTFIELD;
        LabelNode inside = new LabelNode();
        ctx.insertBefore(access, new Code().load(Type.INT_TYPE, token).jump(Opcodes.IFNE, inside).aload(0)
                .field(Opcodes.GETSTATIC, ctx.cls.name(), RuntimeApi.CAPSULE_SHADOW_FIELD, SHADOW_DESC)
                .append(ctx.threadState())
                .append(ctx.site(access, write ? AccessOp.WRITE : AccessOp.READ,
                        ctx.cls.name().replace('/', '.') + "." + access.name))
                .call(RuntimeApi.CAPSULE_ENTER).store(Type.INT_TYPE, token).label(inside));
    }

    /** Before a return: the exit, if the activation entered. */
    void beforeReturn(AbstractInsnNode returnInsn) {
        ctx.insertBefore(returnInsn, exit());
    }

    /**
     * The catch-all handler over the body (after every handler the method has, and inside a synchronized method's
     * release): the exit, then the exception rethrown. Called once the body's other code is in place.
     */
    void wrapBody() {
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        if (initialisingCall != null) {
            ctx.method.instructions.insert(initialisingCall, start);
        } else {
            ctx.method.instructions.insert(start);
        }
        ctx.append(new Code().label(end).label(handler).append(exit()).op(Opcodes.ATHROW));
        ctx.method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    private Code exit() {
        int token = ctx.capsuleToken();
        LabelNode done = new LabelNode();
        return new Code().load(Type.INT_TYPE, token).push(1).jump(Opcodes.IF_ICMPNE, done).aload(0)
                .field(Opcodes.GETSTATIC, ctx.cls.name(), RuntimeApi.CAPSULE_SHADOW_FIELD, SHADOW_DESC)
                .append(ctx.threadState()).load(Type.INT_TYPE, token).call(RuntimeApi.CAPSULE_EXIT).label(done);
    }
}
