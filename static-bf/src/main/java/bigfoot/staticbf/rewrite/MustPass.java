package bigfoot.staticbf.rewrite;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * A forward must-analysis over a method's instructions: before each instruction, whether every path from the entry
 * has passed one of the {@code passing} instructions (or the taken edge of one of the {@code passingIfTaken} jumps)
 * since it last passed one of the {@code resetting} ones.
 * A handler is reached with what held before every instruction of its range (the exception may come from any of
 * them), and not past a resetting one (the exception may come from after its reset: a call that released, then
 * threw). True where unreachable.
 */
final class MustPass {

    private MustPass() {
    }

    /** The analysis of {@code method}'s current code, by instruction index; null if it has subroutines (jsr/ret). */
    static boolean[] before(MethodNode method, Set<AbstractInsnNode> passing, Set<AbstractInsnNode> passingIfTaken,
            Set<AbstractInsnNode> resetting) {
        InsnList code = method.instructions; // indexOf: an index ASM keeps in each node once the list is final
        AbstractInsnNode[] insns = code.toArray();
        for (AbstractInsnNode insn : insns) {
            if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
                return null;
            }
        }
        // the sets and edges as arrays by index, once: the passes below run in a cold JVM
        boolean[] passes = marked(code, insns, passing);
        boolean[] passesIfTaken = marked(code, insns, passingIfTaken);
        boolean[] resets = marked(code, insns, resetting);
        int[][] handlers = new int[insns.length][];
        for (TryCatchBlockNode t : method.tryCatchBlocks) {
            int handler = code.indexOf(t.handler);
            for (int i = code.indexOf(t.start); i < code.indexOf(t.end); i++) {
                int[] h = handlers[i] == null ? new int[1] : Arrays.copyOf(handlers[i], handlers[i].length + 1);
                h[h.length - 1] = handler;
                handlers[i] = h;
            }
        }
        int[][] targets = new int[insns.length][]; // of jumps and switches; the first a jump's taken edge
        for (int i = 0; i < insns.length; i++) {
            if (insns[i] instanceof JumpInsnNode jump) {
                targets[i] = new int[] {code.indexOf(jump.label)};
            } else if (insns[i] instanceof TableSwitchInsnNode sw) {
                targets[i] = indices(code, sw.dflt, sw.labels);
            } else if (insns[i] instanceof LookupSwitchInsnNode sw) {
                targets[i] = indices(code, sw.dflt, sw.labels);
            }
        }
        boolean[] fallsThrough = new boolean[insns.length];
        for (int i = 0; i + 1 < insns.length; i++) {
            fallsThrough[i] = fallsThrough(insns[i]);
        }
        boolean[] passed = new boolean[insns.length]; // true = not reached yet (top)
        Arrays.fill(passed, true);
        if (insns.length > 0) {
            passed[0] = false;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < insns.length; i++) {
                boolean in = passed[i];
                boolean kept = in && !resets[i];
                boolean out = kept || passes[i];
                if (handlers[i] != null) {
                    for (int h : handlers[i]) {
                        changed |= meet(passed, h, kept);
                    }
                }
                if (targets[i] != null) {
                    boolean jump = insns[i] instanceof JumpInsnNode;
                    for (int k = 0; k < targets[i].length; k++) {
                        changed |= meet(passed, targets[i][k], out || jump && passesIfTaken[i]);
                    }
                }
                if (fallsThrough[i]) {
                    changed |= meet(passed, i + 1, out);
                }
            }
        }
        return passed;
    }

    /** By index, whether each instruction of {@code insns} is in {@code set} (a node not in the list is ignored). */
    private static boolean[] marked(InsnList code, AbstractInsnNode[] insns, Set<AbstractInsnNode> set) {
        boolean[] marked = new boolean[insns.length];
        for (AbstractInsnNode insn : set) {
            int i = code.indexOf(insn);
            if (i >= 0 && i < insns.length && insns[i] == insn) {
                marked[i] = true;
            }
        }
        return marked;
    }

    private static int[] indices(InsnList code, LabelNode dflt, List<LabelNode> labels) {
        int[] indices = new int[labels.size() + 1];
        indices[0] = code.indexOf(dflt);
        for (int k = 0; k < labels.size(); k++) {
            indices[k + 1] = code.indexOf(labels.get(k));
        }
        return indices;
    }

    /** passed[i] &= value; true if that changed it. */
    private static boolean meet(boolean[] passed, int i, boolean value) {
        if (passed[i] && !value) {
            passed[i] = false;
            return true;
        }
        return false;
    }

    private static boolean fallsThrough(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op != Opcodes.GOTO && op != Opcodes.ATHROW && op != Opcodes.TABLESWITCH && op != Opcodes.LOOKUPSWITCH
                && (op < Opcodes.IRETURN || op > Opcodes.RETURN);
    }
}
