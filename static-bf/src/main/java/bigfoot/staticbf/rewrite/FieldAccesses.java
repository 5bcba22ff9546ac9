package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.RuntimeApi;
import bigfoot.ir.RuntimeApi.Entry;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldAccessor;
import java.util.Optional;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Checks and volatile events around getfield / putfield / getstatic / putstatic.
 *
 * <p>A race check goes before the access; a read of a final static only orders the class's initialisation
 * first (it cannot race); a volatile read is an acquire AFTER the read, a volatile
 * write a release BEFORE the write. With {@code --verify-placement}, every access that the fasttrack
 * placement would check (and {@code --elide} does not leave unchecked) also gets an access event, after its check if
 * it has one. An instance check is skipped for a null receiver
 * ({@code dup; ifnull}), so the original instruction throws its own NullPointerException, with its
 * helpful message unchanged.
 */
final class FieldAccesses {

    private FieldAccesses() {
    }

    static void instrument(MethodContext ctx, FieldInsnNode insn) {
        Optional<FieldTarget> resolved = FieldTarget.of(ctx.cls, insn);
        if (resolved.isEmpty()) {
            return; // a final field without a shadow: nothing to do
        }
        FieldTarget target = resolved.get();
        boolean isStatic = insn.getOpcode() == Opcodes.GETSTATIC || insn.getOpcode() == Opcodes.PUTSTATIC;
        boolean write = insn.getOpcode() == Opcodes.PUTFIELD || insn.getOpcode() == Opcodes.PUTSTATIC;
        if (target.isFinal()) {
            if (insn.getOpcode() == Opcodes.GETSTATIC) { // the writes are in <clinit>, which the read is ordered after
                ctx.insertBefore(insn, staticCall(ctx, insn, target, RuntimeApi.CLASS_ACCESS, new Code()));
            }
        } else if (target.isVolatile()) {
            volatileEvent(ctx, insn, target, isStatic, write);
        } else {
            // a foreign field is always checked; a field accessor's access, at each call of the accessor
            if ((!target.shadowed() || ctx.placesCheckAt(insn, target.capsule())) && !ctx.checkedByCallers()) {
                Entry check = target.shadowed()
                        ? (isStatic ? (write ? RuntimeApi.WRITE_STATIC : RuntimeApi.READ_STATIC)
                                    : checkEntry(write, ctx.freshThis().before(insn) && ctx.freshThis().onThis(insn)))
                        : (write ? RuntimeApi.WRITE_FOREIGN : RuntimeApi.READ_FOREIGN);
                call(ctx, insn, target, isStatic, write, check, site(ctx, insn, target, write));
            }
            // the verifier does not see capsule locations, as it does not see the accesses the stretch checks cover
            if (ctx.verifiesPlacement() && !ctx.elides(insn) && !target.capsule()) {
                Entry access = target.shadowed() ? (isStatic ? RuntimeApi.ACCESS_STATIC : RuntimeApi.ACCESS_FIELD)
                        : RuntimeApi.ACCESS_FOREIGN;
                call(ctx, insn, target, isStatic, write, access, site(ctx, insn, target, write).push(write ? 1 : 0));
            }
        }
    }

    /**
     * Before a call of a synthetic field accessor ({@link FieldAccessor}): the check of the access it makes, at the
     * call's line (a write check if it writes, which covers its read), on its argument 0 for an instance field. The
     * accessor's own body is left unchecked ({@link MethodContext#checkedByCallers}).
     */
    static void instrumentAccessorCall(MethodContext ctx, MethodInsnNode call) {
        ClassInfo owner = call.getOpcode() == Opcodes.INVOKESTATIC && FieldAccessor.mayBeCalled(call.name)
                ? ctx.cls.hierarchy().find(call.owner) : null;
        FieldAccessor accessor = owner == null ? null : owner.accessor(call.name, call.desc);
        if (accessor == null) {
            return;
        }
        boolean write = accessor.writes();
        int opcode = accessor.isStatic() ? (write ? Opcodes.PUTSTATIC : Opcodes.GETSTATIC)
                : (write ? Opcodes.PUTFIELD : Opcodes.GETFIELD);
        FieldInsnNode field = new FieldInsnNode(opcode, call.owner, accessor.field(), accessor.desc());
        Optional<FieldTarget> resolved = FieldTarget.of(ctx.cls, field);
        if (resolved.isEmpty() || resolved.get().isFinal() || resolved.get().isVolatile()) {
            return; // the accessor's body has what it needs (none, or the volatile events)
        }
        FieldTarget target = resolved.get();
        Entry check = target.shadowed()
                ? (accessor.isStatic() ? (write ? RuntimeApi.WRITE_STATIC : RuntimeApi.READ_STATIC) : checkEntry(write, false))
                : (write ? RuntimeApi.WRITE_FOREIGN : RuntimeApi.READ_FOREIGN);
        Code site = ctx.site(call, write ? AccessOp.WRITE : AccessOp.READ, target.qualifiedName());
        if (accessor.isStatic()) {
            ctx.insertBefore(call, staticCall(ctx, field, target, check, site));
            return;
        }
        SpilledCall s = new SpilledCall(ctx, call);
        LabelNode isNull = new LabelNode();
        LabelNode done = new LabelNode();
        ctx.insertBefore(call, s.spill().append(ctx.ensureThreadState()).append(s.arg(0)).op(Opcodes.DUP)
                .jump(Opcodes.IFNULL, isNull)
                .append(instanceCall(ctx, target, check, site, ctx.storedThreadState())).jump(Opcodes.GOTO, done)
                .label(isNull).op(Opcodes.POP).label(done));
    }

    /** The check of an instance field; on a constructor's {@code this} before it can escape, the fresh one ({@link FreshThis}). */
    static Entry checkEntry(boolean write, boolean onFreshThis) {
        if (onFreshThis) {
            return write ? RuntimeApi.WRITE_FRESH : RuntimeApi.READ_FRESH;
        }
        return write ? RuntimeApi.WRITE_FIELD : RuntimeApi.READ_FIELD;
    }

    static Code site(MethodContext ctx, FieldInsnNode insn, FieldTarget target, boolean write) {
        return ctx.site(insn, write ? AccessOp.WRITE : AccessOp.READ, target.qualifiedName());
    }

    /** A check or access event before the access: {@code entry} takes the location, ts and {@code args}. */
    private static void call(MethodContext ctx, FieldInsnNode insn, FieldTarget target, boolean isStatic,
            boolean write, Entry entry, Code site) {
        if (isStatic) {
            ctx.insertBefore(insn, staticCall(ctx, insn, target, entry, site));
        } else {
            ctx.insertBefore(insn, guardedInstanceCall(ctx, insn, target, entry, site, write));
        }
    }

    private static void volatileEvent(MethodContext ctx, FieldInsnNode insn, FieldTarget target, boolean isStatic,
            boolean write) {
        Entry entry = target.shadowed()
                ? (isStatic ? (write ? RuntimeApi.VOLATILE_WRITE_STATIC : RuntimeApi.VOLATILE_READ_STATIC)
                            : (write ? RuntimeApi.VOLATILE_WRITE_FIELD : RuntimeApi.VOLATILE_READ_FIELD))
                : (write ? RuntimeApi.VOLATILE_WRITE_FOREIGN : RuntimeApi.VOLATILE_READ_FOREIGN);
        Code noSite = new Code();
        if (isStatic && write) {
            ctx.insertBefore(insn, staticCall(ctx, insn, target, entry, noSite));
        } else if (isStatic) {
            ctx.insertAfter(insn, staticCall(ctx, insn, target, entry, noSite));
        } else if (write) {
            ctx.insertBefore(insn, guardedInstanceCall(ctx, insn, target, entry, noSite, true));
        } else {
            // the read succeeded, so the receiver kept in scratch 0 is not null
            int receiver = ctx.scratch(0);
            ctx.insertBefore(insn, new Code().op(Opcodes.DUP).astore(receiver));
            ctx.insertAfter(insn, new Code().aload(receiver).append(instanceCall(ctx, target, entry, noSite,
                    ctx.threadState())));
        }
    }

    /**
     * Before an instance access, with the receiver (and for a write the value) on the stack:
     * {@code [xstore v;] <fetch ts>; dup; ifnull skip; dup; <call>; skip: [xload v]}.
     */
    private static Code guardedInstanceCall(MethodContext ctx, FieldInsnNode insn, FieldTarget target, Entry entry,
            Code site, boolean write) {
        Type value = Type.getType(insn.desc);
        int valueSlot = ctx.scratch(0);
        LabelNode skip = new LabelNode();
        Code code = new Code();
        if (write) {
            code.store(value, valueSlot);
        }
        // ts fetched before the receiver's test: on every path, so the method's later fetches can be cut
        code.append(ctx.ensureThreadState()).op(Opcodes.DUP).jump(Opcodes.IFNULL, skip)
            .op(Opcodes.DUP).append(instanceCall(ctx, target, entry, site, ctx.storedThreadState()))
            .label(skip);
        if (write) {
            code.load(value, valueSlot);
        }
        return code;
    }

    /**
     * Consumes the receiver on the stack: for a shadowed field (its group's, if it shares one) {@code getstatic
     * Owner.__bf$u$f}, after {@code dup; getfield Owner.__bf$r$f} (or {@code __bf$w$f}) for a read (write) check, so
     * the runtime's same-epoch test needs no other load; {@code ldc "pkg.C.f"} for a foreign one; then
     * {@code aload ts; [site;] invokestatic}.
     */
    static Code instanceCall(MethodContext ctx, FieldTarget target, Entry entry, Code site, Code ts) {
        String root = target.shadowed() ? ctx.cls.env.escapeBits().root(target.shadowClass()) : null;
        if (root != null && isCheckOrAccess(entry)) {
            // --elide dynamic-escape: a local object's check is skipped (dup; getfield __bf$local; ifeq check; pop)
            LabelNode check = new LabelNode();
            LabelNode done = new LabelNode();
            return new Code().op(Opcodes.DUP).field(Opcodes.GETFIELD, target.shadowClass(), RuntimeApi.LOCAL_BIT_FIELD, "I")
                    .jump(Opcodes.IFEQ, check).op(Opcodes.POP).jump(Opcodes.GOTO, done)
                    .label(check).append(unguardedInstanceCall(target, entry, site, ts)).label(done);
        }
        return unguardedInstanceCall(target, entry, site, ts);
    }

    /** Race checks and the verifier's access events: what a local object skips; never a volatile's events. */
    private static boolean isCheckOrAccess(Entry entry) {
        return entry == RuntimeApi.READ_FIELD || entry == RuntimeApi.WRITE_FIELD || entry == RuntimeApi.READ_FRESH
                || entry == RuntimeApi.WRITE_FRESH || entry == RuntimeApi.ACCESS_FIELD;
    }

    private static Code unguardedInstanceCall(FieldTarget target, Entry entry, Code site, Code ts) {
        Code code = new Code();
        if (target.shadowed()) {
            boolean read = entry == RuntimeApi.READ_FIELD || entry == RuntimeApi.READ_FRESH;
            if (read || entry == RuntimeApi.WRITE_FIELD || entry == RuntimeApi.WRITE_FRESH) {
                String word = read ? RuntimeApi.readWordField(target.shadow()) : RuntimeApi.writeWordField(target.shadow());
                code.op(Opcodes.DUP).field(Opcodes.GETFIELD, target.shadowClass(), word, "J");
            }
            code.field(Opcodes.GETSTATIC, target.shadowClass(), RuntimeApi.updaterField(target.shadow()),
                    ShadowPolicy.FIELD_SHADOW_DESC);
        } else {
            code.ldc(target.qualifiedName());
        }
        return code.append(ts).append(site).call(entry);
    }

    /**
     * {@code getstatic Owner.__bf$s$f} for a shadowed field, {@code ldc DeclaringClass; ldc "pkg.C.f"} for a
     * foreign one; then {@code aload ts; [site;] invokestatic}.
     */
    static Code staticCall(MethodContext ctx, FieldInsnNode insn, FieldTarget target, Entry entry,
            Code site) {
        Code code = new Code();
        if (target.shadowed()) {
            code.field(Opcodes.GETSTATIC, target.shadowClass(), RuntimeApi.shadowField(target.shadow()),
                    ShadowPolicy.VAR_STATE_DESC);
        } else {
            code.ldc(Type.getObjectType(target.classConstant())).ldc(target.qualifiedName());
        }
        return code.append(ctx.threadState()).append(site).call(entry);
    }
}
