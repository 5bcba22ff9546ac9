package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One class's part of a {@link ProgramFit}: each method's {@link PlanFit} and the field checks the rewritten class will
 * make, in the order of its methods, then of each method's instructions, then of its plan. A fit kept from an earlier
 * run ({@link #decode}) has the field checks only: what {@link FieldProxies} reads of a class it does not rewrite again.
 */
public final class ClassFit {

    /**
     * A field check the class will make.
     *
     * @param method the method ({@code owner.name + "." + name + descriptor})
     * @param point  where in it: its own access ({@code @bci}, with {@code object} -1 and {@code ranIf} null) or a point of
     *               its plan
     * @param owner  the owner of the field instruction whose field it checks, with its {@code name} and {@code desc}
     * @param object the value number of the receiver, -1 if unknown (a check at the access itself)
     * @param ranIf  the loop a planned check's "if the loop ran" guard names, else null
     * @param write  a write check
     */
    public record FieldCheck(String method, String point, String owner, String name, String desc, int object,
            Bounds ranIf, boolean write) {
    }

    private final Map<String, PlanFit> byMethod;
    private final List<FieldCheck> fieldChecks;

    private ClassFit(Map<String, PlanFit> byMethod, List<FieldCheck> fieldChecks) {
        this.byMethod = byMethod;
        this.fieldChecks = fieldChecks;
    }

    /** The fits of the methods of {@code classFile} under {@code env}'s placement (a warning for each that mismatches). */
    public static ClassFit of(byte[] classFile, Environment env) {
        Map<String, PlanFit> byMethod = new HashMap<>();
        List<FieldCheck> fieldChecks = new ArrayList<>();
        ClassReader reader = new ClassReader(classFile);
        ClassNode owner = new ClassNode();
        reader.accept(owner, ClassReader.SKIP_FRAMES);
        BytecodeOffsets offsets = BytecodeOffsets.of(reader);
        for (MethodNode m : owner.methods) {
            if (m.instructions.size() > 0) {
                Map<AbstractInsnNode, Integer> bcis = offsets.of(m);
                PlanFit fit = PlanFit.checked(env, owner, m, bcis);
                byMethod.put(key(owner, m), fit);
                collect(env, owner, m, bcis, fit, fieldChecks);
            }
        }
        return new ClassFit(byMethod, fieldChecks);
    }

    Map<String, PlanFit> byMethod() {
        return byMethod;
    }

    List<FieldCheck> fieldChecks() {
        return fieldChecks;
    }

    static String key(ClassNode owner, MethodNode method) {
        return owner.name + "." + method.name + method.desc;
    }

    /** Writes the field checks for {@link #decode}: each method named once. */
    public void encode(Encoder out) {
        Map<String, Integer> methods = new LinkedHashMap<>();
        fieldChecks.forEach(c -> methods.putIfAbsent(c.method(), methods.size()));
        out.writeInt(methods.size());
        methods.keySet().forEach(out::writeString);
        out.writeInt(fieldChecks.size());
        for (FieldCheck c : fieldChecks) {
            out.writeInt(methods.get(c.method())).writeString(c.point()).writeString(c.owner()).writeString(c.name())
                    .writeString(c.desc()).writeInt(c.object()).writeBoolean(c.write()).writeBoolean(c.ranIf() != null);
            if (c.ranIf() != null) {
                Bounds b = c.ranIf();
                out.writeInt(b.begin()).writeInt(b.end()).writeInt(b.offset()).writeInt(b.endOffset())
                        .writeInt(b.stride()).writeInt(b.scale());
            }
        }
    }

    /** The field checks {@link #encode} wrote, as a kept fit (no method's plan fit). */
    public static ClassFit decode(Decoder in) throws Decoder.Malformed {
        List<String> methods = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            methods.add(in.readString());
        }
        List<FieldCheck> checks = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            int method = in.readInt();
            if (method < 0 || method >= methods.size()) {
                throw new Decoder.Malformed("no such method");
            }
            String point = in.readString();
            String owner = in.readString();
            String name = in.readString();
            String desc = in.readString();
            int object = in.readInt();
            boolean write = in.readBoolean();
            Bounds ranIf = in.readBoolean() ? new Bounds(in.readInt(), in.readInt(), in.readInt(), in.readInt(),
                    in.readInt(), in.readInt()) : null;
            checks.add(new FieldCheck(methods.get(method), point, owner, name, desc, object, ranIf, write));
        }
        return new ClassFit(Map.of(), List.copyOf(checks));
    }

    /** The field checks one method will make once rewritten. */
    private static void collect(Environment env, ClassNode owner, MethodNode method, Map<AbstractInsnNode, Integer> bcis,
            PlanFit fit, List<FieldCheck> into) {
        String key = key(owner, method);
        for (AbstractInsnNode insn : method.instructions) {
            Integer bci = bcis.get(insn);
            if (insn instanceof FieldInsnNode field && bci != null
                    && fit.checksAt(env.placement(), owner, method, insn, bci)) {
                into.add(new FieldCheck(key, "@" + bci, field.owner, field.name, field.desc, -1, null, false));
            }
        }
        fit.plan().ifPresent(plan -> {
            Map<Integer, AbstractInsnNode> byBci = PlanFit.byBci(bcis);
            plan.before().forEach((bci, checks) -> planned(key, "before " + bci, checks, byBci, into));
            plan.onThrow().forEach((bci, checks) -> planned(key, "throw " + bci, checks, byBci, into));
            plan.onCatch().forEach((bci, checks) -> planned(key, "catch " + bci, checks, byBci, into));
            plan.edges().forEach((from, targets) -> targets.forEach((to, checks) ->
                    planned(key, "edge " + from + ">" + to, checks, byBci, into)));
        });
    }

    private static void planned(String method, String point, List<PlannedCheck> checks,
            Map<Integer, AbstractInsnNode> byBci, List<FieldCheck> into) {
        for (PlannedCheck c : checks) {
            if (byBci.get(c.access()) instanceof FieldInsnNode field) {
                into.add(new FieldCheck(method, point, field.owner, field.name, field.desc, c.object(), c.ranIf(),
                        c.write()));
            }
        }
    }
}
