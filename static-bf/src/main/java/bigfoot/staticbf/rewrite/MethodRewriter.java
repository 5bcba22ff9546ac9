package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Rewrites the code of one method in place: checks at accesses, events at synchronisation operations. */
final class MethodRewriter {

    private MethodRewriter() {
    }

    /**
     * @param instrumentBody false for a {@code <clinit>} too large to instrument: it then only gets the
     *                       class-initialisation events, which the class cannot do without
     * @return true if the method was changed
     */
    static boolean rewrite(ClassContext cls, MethodNode method, Map<AbstractInsnNode, Integer> bcis,
            boolean instrumentBody) {
        if (method.instructions.size() == 0) {
            return false; // abstract or native
        }
        MethodContext ctx = new MethodContext(cls, method, bcis);
        boolean isClinit = "<clinit>".equals(method.name);
        boolean isSynchronized = (method.access & Opcodes.ACC_SYNCHRONIZED) != 0;
        // the escape barriers are events a method cannot do without: a store they miss would leave an object local
        boolean escapes = cls.env.escapeBits().enabled();
        Set<AbstractInsnNode> uninitializedThisWrites = (instrumentBody || escapes) && "<init>".equals(method.name)
                ? UninitializedThis.writesBeforeSuperCall(cls.name(), method) : Set.of();
        Optional<DeferredChecks> deferred = instrumentBody ? DeferredChecks.of(ctx) : Optional.empty();
        CapsuleActivations capsule = instrumentBody ? CapsuleActivations.of(ctx, uninitializedThisWrites) : null;
        for (AbstractInsnNode insn : method.instructions.toArray()) {
            int opcode = insn.getOpcode();
            Integer bci = ctx.bytecodeIndex(insn);
            if (bci != null) {
                deferred.ifPresent(d -> d.before(insn, bci)); // first: checks go before any event at insn
            }
            if (escapes) {
                EscapeBarriers.around(ctx, insn, uninitializedThisWrites);
            }
            if (instrumentBody) {
                if (capsule != null && capsule.covers(insn)) {
                    capsule.beforeAccess(insn);
                } else if (insn instanceof FieldInsnNode field) {
                    if (!uninitializedThisWrites.contains(insn)) {
                        FieldAccesses.instrument(ctx, field);
                    }
                } else if (ArrayAccesses.isLoad(opcode) || ArrayAccesses.isStore(opcode)) {
                    ArrayAccesses.instrument(ctx, insn);
                } else if (opcode == Opcodes.MONITORENTER) {
                    Monitors.monitorEnter(ctx, insn);
                } else if (opcode == Opcodes.MONITOREXIT) {
                    Monitors.monitorExit(ctx, insn);
                } else if (insn instanceof MethodInsnNode call) {
                    FieldAccesses.instrumentAccessorCall(ctx, call);
                    SyncEvents.instrument(ctx, call, cls.hierarchy());
                    if (InterruptDetection.applies(cls, call)) {
                        InterruptDetection.instrument(ctx, call); // after the model's events: its handler comes first
                    }
                    if (capsule != null) {
                        capsule.beforeFillerCall(call);
                        capsule.beforeCall(call); // last: nearest the call
                    }
                }
            }
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                if (escapes) {
                    EscapeBarriers.beforeReturn(ctx, insn);
                }
                if (isSynchronized) {
                    Monitors.beforeSynchronizedReturn(ctx, insn);
                }
                if (isClinit) {
                    // the runtime's class-init rule: what <clinit> did happens before every use of the class
                    ctx.insertBefore(insn, new Code().ldc(Type.getObjectType(cls.name())).append(ctx.threadState())
                            .call(RuntimeApi.CLASS_INITIALIZED));
                }
            }
            if (bci != null) {
                deferred.ifPresent(d -> d.after(insn, bci)); // last: right after insn, before any event after it
            }
        }
        if (escapes) { // after the loop, which sees only the method's own instructions
            EscapeBarriers.methodStart(ctx);
            if (instrumentBody) {
                EscapeBarriers.constructorStart(ctx);
            }
        }
        if (instrumentBody) {
            // a task body's release, and a constructor's finalizer edge, go after the checks placed before each return
            SyncEvents.bodyOf(cls, method).ifPresent(body -> SyncEvents.instrumentBody(ctx, body));
            SyncEvents.instrumentFinalizerEdge(cls, ctx);
            SyncEvents.instrumentKeyComparison(cls, ctx);
        }
        deferred.ifPresent(DeferredChecks::addEdgeStubs);
        deferred.ifPresent(DeferredChecks::addCatchStubs);
        deferred.ifPresent(DeferredChecks::addCommitHandlers); // before the synchronized wrapper: see there
        if (isSynchronized) {
            Monitors.wrapSynchronizedMethod(ctx);
        }
        ctx.finish();
        return ctx.changed();
    }
}
