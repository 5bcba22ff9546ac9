package bigfoot.staticbf.capsule;

import bigfoot.ir.CapsuleFile;
import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.rewrite.BytecodeOffsets;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * The static half of capsule detection (the BigFoot dissertation, section 5.3, with its encapsulation check done
 * statically, as the dissertation suggests): a class is a capsule candidate if it declares own fields (non-final,
 * non-volatile instance fields) and, in every class of the input,
 * <ul>
 * <li>every getfield / putfield of an own field is in an instance method of the class or of a subclass and works on
 * {@code this} ({@link ThisReceivers}): no other class, no static method (a field accessor), no other instance. A
 * subclass's method that touches an inherited own field checks the declaring class's capsule location.</li>
 * </ul>
 * A clone copies the capsule location's words along with the fields, as it does a field's: the copy starts with the
 * history of the values it copied.
 * Reflection, serialisation and code outside the input are not seen (their accesses are not checked either).
 * The synchronisation half, that activations on one object are totally ordered, is the runtime's.
 */
public final class Encapsulation {

    private final FieldResolver fields;
    private final Map<String, ClassNode> classes = new LinkedHashMap<>();
    private final Map<String, BytecodeOffsets> offsets = new HashMap<>();
    /** Candidate (internal name) -> own fields. */
    private final Map<String, Set<String>> candidates = new TreeMap<>();
    /** Rejected candidate -> the first reason found. */
    private final Map<String, String> rejected = new TreeMap<>();

    private Encapsulation(FieldResolver fields) {
        this.fields = fields;
    }

    /**
     * The capsules {@code selection} asks for among the input classes {@code classFiles} (the ones the run rewrites);
     * a class of the input the capsule list names that is not a capsule candidate is left out with a warning saying
     * why (a list that names no class of the input at all gets one warning). IOException if the list cannot be read.
     */
    public static Capsules select(List<byte[]> classFiles, FieldResolver fields,
            CapsuleSelection selection, Diagnostics diagnostics) throws IOException {
        if (selection.isNone()) {
            return Capsules.NONE;
        }
        CapsuleFile list = selection.file() == null ? null : CapsuleFile.read(selection.file());
        Encapsulation e = new Encapsulation(fields);
        e.check(classFiles);
        Map<String, Set<String>> chosen = new TreeMap<>();
        if (list == null) {
            chosen.putAll(e.candidates);
        } else {
            int unknown = 0;
            for (String dotted : new TreeSet<>(list.capsules())) {
                String name = dotted.replace('.', '/');
                if (e.candidates.containsKey(name)) {
                    chosen.put(name, e.candidates.get(name));
                } else if (e.rejected.containsKey(name)) {
                    diagnostics.warn("capsules: " + dotted + " is not a capsule: " + e.rejected.get(name));
                } else {
                    unknown++;
                }
            }
            if (unknown > 0 && unknown == list.capsules().size()) { // a list per program names other jars' classes too
                diagnostics.warn("capsules: none of the " + unknown + " class(es) of " + selection.file() + " is a class "
                        + "of the input with own instance fields");
            }
        }
        return new Capsules(Map.copyOf(chosen), e.accessesOf(chosen));
    }

    private void check(List<byte[]> classFiles) {
        for (byte[] bytes : classFiles) {
            ClassReader reader = new ClassReader(bytes);
            ClassNode node = new ClassNode();
            reader.accept(node, ClassReader.SKIP_FRAMES);
            classes.put(node.name, node);
            offsets.put(node.name, BytecodeOffsets.of(reader));
        }
        for (ClassNode c : classes.values()) {
            Set<String> own = new TreeSet<>();
            for (FieldNode f : c.fields) {
                if ((f.access & (Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_VOLATILE)) == 0) {
                    own.add(f.name);
                }
            }
            if (!own.isEmpty() && (c.access & Opcodes.ACC_INTERFACE) == 0) {
                candidates.put(c.name, own);
            }
        }
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                checkAccesses(c, m);
            }
        }
        rejected.keySet().forEach(candidates::remove);
    }

    /** Rejects the candidates whose own fields {@code m} of {@code c} touches other than on its own {@code this}. */
    private void checkAccesses(ClassNode c, MethodNode m) {
        ThisReceivers receivers = null;
        boolean analysable = true;
        for (AbstractInsnNode insn : m.instructions) {
            if (!(insn instanceof FieldInsnNode f) || (f.getOpcode() != Opcodes.GETFIELD && f.getOpcode() != Opcodes.PUTFIELD)) {
                continue;
            }
            Optional<String> owner = ownFieldOwner(f);
            if (owner.isEmpty()) {
                continue;
            }
            String where = dotted(c.name) + "." + m.name + m.desc;
            if (!isOrExtends(c.name, owner.get()) || (m.access & Opcodes.ACC_STATIC) != 0) {
                reject(owner.get(), "its field " + f.name + " is accessed in " + where);
                continue;
            }
            if (receivers == null && analysable) {
                try {
                    receivers = ThisReceivers.of(c.name, m);
                } catch (AnalyzerException e) {
                    analysable = false;
                }
            }
            if (receivers == null || !receivers.onThis(f)) {
                reject(owner.get(), "its field " + f.name + " is accessed in " + where + " on another object than this");
            }
        }
    }

    /** True if input class {@code name} is {@code ancestor} or extends it (through input classes). */
    private boolean isOrExtends(String name, String ancestor) {
        for (String s = name; s != null; s = classes.containsKey(s) ? classes.get(s).superName : null) {
            if (s.equals(ancestor)) {
                return true;
            }
        }
        return false;
    }

    /** The candidate declaring the field {@code f} names, if it is one of its own fields. */
    private Optional<String> ownFieldOwner(FieldInsnNode f) {
        return fields.resolve(f.owner, f.name, f.desc).map(ResolvedField::declaringClass)
                .map(d -> d.name())
                .filter(d -> candidates.getOrDefault(d, Set.of()).contains(f.name));
    }

    private void reject(String candidate, String reason) {
        if (candidates.containsKey(candidate)) {
            rejected.putIfAbsent(candidate, reason);
        }
    }

    /**
     * The bytecode indices of the chosen capsules' own-field accesses (all on this, in instance methods of the capsule
     * or of its subclasses).
     */
    private ElidedAccesses accessesOf(Map<String, Set<String>> chosen) {
        Map<MethodKey, Set<Integer>> byMethod = new HashMap<>();
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                Map<AbstractInsnNode, Integer> bcis = null;
                Set<Integer> own = new TreeSet<>();
                for (AbstractInsnNode insn : m.instructions) {
                    if (insn instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.PUTFIELD)
                            && ownFieldOwner(f).filter(chosen::containsKey).isPresent()) {
                        if (bcis == null) {
                            bcis = offsets.get(c.name).of(m);
                        }
                        own.add(bcis.get(insn));
                    }
                }
                if (!own.isEmpty()) {
                    byMethod.put(new MethodKey(c.name, m.name + m.desc), Set.copyOf(own));
                }
            }
        }
        return new ElidedAccesses(Map.copyOf(byMethod));
    }

    private static String dotted(String internalName) {
        return internalName.replace('/', '.');
    }
}
