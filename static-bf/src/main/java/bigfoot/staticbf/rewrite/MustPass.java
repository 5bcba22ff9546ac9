package bigfoot.staticbf.rewrite;

import java.util.ArrayList;
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
        List<List<Integer>> handlers = new ArrayList<>();
        for (int i = 0; i < insns.length; i++) {
            handlers.add(new ArrayList<>());
        }
        for (TryCatchBlockNode t : method.tryCatchBlocks) {
            for (int i = code.indexOf(t.start); i < code.indexOf(t.end); i++) {
                handlers.get(i).add(code.indexOf(t.handler));
            }
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
                AbstractInsnNode insn = insns[i];
                boolean in = passed[i];
                boolean out = (in && !resetting.contains(insn)) || passing.contains(insn);
                for (int h : handlers.get(i)) {
                    changed |= meet(passed, h, in && !resetting.contains(insn));
                }
                if (insn instanceof JumpInsnNode jump) {
                    changed |= meet(passed, code.indexOf(jump.label), out || passingIfTaken.contains(insn));
                } else if (insn instanceof TableSwitchInsnNode sw) {
                    changed |= meet(passed, code.indexOf(sw.dflt), out);
                    for (LabelNode l : sw.labels) {
                        changed |= meet(passed, code.indexOf(l), out);
                    }
                } else if (insn instanceof LookupSwitchInsnNode sw) {
                    changed |= meet(passed, code.indexOf(sw.dflt), out);
                    for (LabelNode l : sw.labels) {
                        changed |= meet(passed, code.indexOf(l), out);
                    }
                }
                if (i + 1 < insns.length && fallsThrough(insn)) {
                    changed |= meet(passed, i + 1, out);
                }
            }
        }
        return passed;
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
