package bigfoot.staticbf.rewrite;

import java.util.function.IntFunction;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * A library call whose receiver and arguments are kept in scratch slots (receiver in 0, the arguments after it),
 * so that code inserted before and after the call can use them: {@link #spill} stores the arguments, keeps the
 * receiver, and reloads them, leaving the stack as it was.
 */
final class SpilledCall {

    private final MethodContext ctx;
    private final MethodInsnNode call;
    private final Type[] args;
    private final int[] slots;
    private final int extra;

    SpilledCall(MethodContext ctx, MethodInsnNode call) {
        this.ctx = ctx;
        this.call = call;
        this.args = Type.getArgumentTypes(call.desc);
        this.slots = new int[args.length];
        int next = 1;
        for (int i = 0; i < args.length; i++) {
            slots[i] = ctx.scratch(next);
            next += args[i].getSize();
        }
        this.extra = ctx.scratch(next);
    }

    boolean isStatic() {
        return call.getOpcode() == Opcodes.INVOKESTATIC;
    }

    /** Before the call: keeps the receiver and the arguments; the stack is left as it was. */
    Code spill() {
        return spill(-1, null);
    }

    /** As {@link #spill()}, with argument {@code replaced} first turned into {@code transform}'s result (same type). */
    Code spill(int replaced, Code transform) {
        return spill(i -> i == replaced ? transform : null);
    }

    /**
     * As {@link #spill()}, with each argument {@code i} for which {@code transforms} gives code first turned into that
     * code's result (same type; the code runs with the argument on the stack, after the receiver is kept).
     */
    Code spill(IntFunction<Code> transforms) {
        Code code = new Code();
        for (int i = args.length - 1; i >= 0; i--) {
            code.store(args[i], slots[i]);
        }
        if (!isStatic()) {
            code.op(Opcodes.DUP).astore(ctx.scratch(0));
        }
        for (int i = 0; i < args.length; i++) {
            Code transform = transforms.apply(i);
            if (transform != null) {
                code.load(args[i], slots[i]).append(transform).store(args[i], slots[i]);
            }
        }
        for (int i = 0; i < args.length; i++) {
            code.load(args[i], slots[i]);
        }
        return code;
    }

    /** The receiver, or null for a static call. */
    Code receiver() {
        return isStatic() ? new Code().op(Opcodes.ACONST_NULL) : new Code().aload(ctx.scratch(0));
    }

    /** Argument {@code i} as it was passed. */
    Code arg(int i) {
        return new Code().load(args[i], slots[i]);
    }

    Type argType(int i) {
        return args[i];
    }

    int argCount() {
        return args.length;
    }

    /** A scratch slot past the arguments, for one more reference. */
    int extraSlot() {
        return extra;
    }
}
