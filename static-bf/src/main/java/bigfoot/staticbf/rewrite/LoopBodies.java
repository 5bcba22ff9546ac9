package bigfoot.staticbf.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * The instructions of a method that lie in a loop, as compilers lay loops out: between a branch and a target at or
 * before it (javac, kotlinc and scalac put a loop's body between its head and its back edge). An approximation used
 * only to decide where a check keeps its array's shadow in locals: an instruction it misses or adds costs time, never
 * a check.
 */
final class LoopBodies {

    private LoopBodies() {
    }

    static Set<AbstractInsnNode> of(InsnList instructions) {
        AbstractInsnNode[] insns = instructions.toArray();
        IdentityHashMap<AbstractInsnNode, Integer> position = new IdentityHashMap<>();
        for (int i = 0; i < insns.length; i++) {
            position.put(insns[i], i);
        }
        int[] opened = new int[insns.length + 1];             // spans [target, branch] opened minus closed, per index
        for (int i = 0; i < insns.length; i++) {
            for (LabelNode target : targets(insns[i])) {
                int t = position.get(target);
                if (t <= i) {
                    opened[t]++;
                    opened[i + 1]--;
                }
            }
        }
        Set<AbstractInsnNode> inLoops = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0, open = 0; i < insns.length; i++) {
            open += opened[i];
            if (open > 0) {
                inLoops.add(insns[i]);
            }
        }
        return inLoops;
    }

    private static List<LabelNode> targets(AbstractInsnNode insn) {
        if (insn instanceof JumpInsnNode j) {
            return List.of(j.label);
        }
        if (insn instanceof TableSwitchInsnNode t) {
            List<LabelNode> all = new ArrayList<>(t.labels);
            all.add(t.dflt);
            return all;
        }
        if (insn instanceof LookupSwitchInsnNode l) {
            List<LabelNode> all = new ArrayList<>(l.labels);
            all.add(l.dflt);
            return all;
        }
        return List.of();
    }
}
