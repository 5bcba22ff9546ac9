package bigfoot.staticbf.capsule;

import bigfoot.ir.CapsuleFile;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.tool.Diagnostics;
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
 * Which classes of the input may be capsules (the BigFoot dissertation, chapter 5), and which of their own-field
 * accesses their capsule checks cover per stretch. A class is a candidate if it declares own fields (non-final,
 * non-volatile instance fields) that no class of another package touches, but a subclass (a protected field of a
 * public class, which the JVM lets a subclass reach only on its own kind of object): the rewritten code reaches the
 * capsule location's members, which are protected and named through the capsule class, wherever it reaches a field.
 * <ul>
 * <li>An own-field access on {@code this} ({@link ThisReceivers}) in an instance method of the class or of a subclass
 * is an <em>activation's</em> access: the first of its stretch checks the object's capsule location
 * ({@code CapsuleActivations}), and the analyses treat it as no access.</li>
 * <li>Every other own-field access (another instance of the class, a nestmate's, a field accessor's, a static
 * method's: a {@code clone()} setting its copy's fields, an inner class reading its outer object's) is checked where
 * the placement puts a check of that field, on the receiver's capsule location instead of the field.</li>
 * </ul>
 * Either way every access to an own field is covered by a check of its object's capsule location in its epoch. The
 * elements of a capsule's protected arrays ({@link ProtectedArrays}) are accessed by its activations only, and join
 * their stretch checks.
 * Reflection, serialisation and code outside the input are not seen (their accesses are not checked either).
 * Whether the accesses to the location are ordered, which is what makes the class a capsule, is the runtime's to see.
 */
public final class CapsuleCandidates {

    private final FieldResolver fields;
    private final Map<String, ClassNode> classes = new LinkedHashMap<>();
    private final Map<String, BytecodeOffsets> offsets = new HashMap<>();
    /** Candidate (internal name) -> own fields. */
    private final Map<String, Set<String>> candidates = new TreeMap<>();
    /** Rejected candidate -> the first reason found. */
    private final Map<String, String> rejected = new TreeMap<>();
    /** Per method, the activations' own-field accesses, with the candidate whose field each one touches. */
    private final Map<MethodKey, Map<Integer, String>> onThis = new HashMap<>();
    /** Per method that may be an activation, the bytecode indices of its calls on {@code this}. */
    private final Map<MethodKey, Set<Integer>> callsOnThis = new HashMap<>();

    private CapsuleCandidates(FieldResolver fields) {
        this.fields = fields;
    }

    /**
     * The capsules {@code selection} asks for among the input classes {@code classFiles} (the ones the run rewrites);
     * a class of the input the capsule list names that is not a capsule candidate is left out with a warning saying
     * why (a list that names no class of the input at all gets one warning). IOException if the list cannot be read.
     */
    public static Capsules select(List<byte[]> classFiles, ClassHierarchy hierarchy,
            CapsuleSelection selection, Diagnostics diagnostics) throws IOException {
        if (selection.isNone()) {
            return Capsules.NONE;
        }
        CapsuleFile list = selection.file() == null ? null : CapsuleFile.read(selection.file());
        CapsuleCandidates c = new CapsuleCandidates(new FieldResolver(hierarchy));
        c.check(classFiles);
        Map<String, Set<String>> chosen = new TreeMap<>();
        if (list == null) {
            chosen.putAll(c.candidates);
        } else {
            int unknown = 0;
            for (String dotted : new TreeSet<>(list.capsules())) {
                String name = dotted.replace('.', '/');
                if (c.candidates.containsKey(name)) {
                    chosen.put(name, c.candidates.get(name));
                } else if (c.rejected.containsKey(name)) {
                    diagnostics.warn("capsules: " + dotted + " is not a capsule: " + c.rejected.get(name));
                } else {
                    unknown++;
                }
            }
            if (unknown > 0 && unknown == list.capsules().size()) { // a list per program names other jars' classes too
                diagnostics.warn("capsules: none of the " + unknown + " class(es) of " + selection.file() + " is a class "
                        + "of the input with own instance fields");
            }
        }
        ProtectedArrays.Found arrays = ProtectedArrays.find(c.classes, c.offsets, c.fields, hierarchy, chosen.keySet());
        return new Capsules(Map.copyOf(chosen), c.activationAccesses(chosen, arrays), arrays.covered(),
                Map.copyOf(c.callsOnThis), arrays.copierWrites(), arrays.copiedOut());
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
                classifyAccesses(c, m);
            }
        }
        rejected.keySet().forEach(candidates::remove);
    }

    /**
     * Records the own-field accesses of {@code m} of {@code c} that are an activation's (on this, in an instance method
     * of the candidate or a subclass); rejects the candidates whose fields it touches from another package otherwise.
     */
    private void classifyAccesses(ClassNode c, MethodNode m) {
        ThisReceivers receivers = null;
        boolean analysable = (m.access & Opcodes.ACC_STATIC) == 0;
        Map<AbstractInsnNode, Integer> bcis = null;
        for (AbstractInsnNode insn : m.instructions) {
            if (!(insn instanceof FieldInsnNode f)
                    || (f.getOpcode() != Opcodes.GETFIELD && f.getOpcode() != Opcodes.PUTFIELD)) {
                continue;
            }
            Optional<String> owner = ownFieldOwner(f);
            if (owner.isEmpty()) {
                continue;
            }
            String where = dotted(c.name) + "." + m.name + m.desc;
            boolean samePackage = ClassInfo.packageOf(c.name).equals(ClassInfo.packageOf(owner.get()));
            if (!ClassInfo.accessible(classes.get(owner.get()).access, owner.get(), c.name)) {
                // the location's members are named through the capsule class, which that package cannot name
                rejected.putIfAbsent(owner.get(), "its field " + f.name + " is accessed in " + where
                        + ", in another package, and it is not public");
                continue;
            }
            if (receivers == null && analysable && isOrExtends(c.name, owner.get())) {
                try {
                    receivers = ThisReceivers.of(c.name, m);
                } catch (AnalyzerException e) {
                    analysable = false; // its accesses are checked where the placement puts field checks
                }
            }
            if (receivers != null && isOrExtends(c.name, owner.get()) && receivers.onThis(f)) {
                if (bcis == null) {
                    bcis = offsets.get(c.name).of(m);
                }
                onThis.computeIfAbsent(new MethodKey(c.name, m.name + m.desc), k -> new TreeMap<>())
                        .put(bcis.get(insn), owner.get());
            } else if (!samePackage && !(isOrExtends(c.name, owner.get()) && isProtected(owner.get(), f.name))) {
                rejected.putIfAbsent(owner.get(), "its field " + f.name + " is accessed in " + where
                        + ", in another package");
            }
        }
        if (receivers != null && !receivers.callsOnThis().isEmpty()) {
            Map<AbstractInsnNode, Integer> offsetsOfM = bcis != null ? bcis : offsets.get(c.name).of(m);
            Set<Integer> calls = new TreeSet<>();
            receivers.callsOnThis().forEach(call -> calls.add(offsetsOfM.get(call)));
            callsOnThis.put(new MethodKey(c.name, m.name + m.desc), Set.copyOf(calls));
        }
    }

    /**
     * True if field {@code name} of candidate {@code owner} is protected: a subclass in another package reaches it, and
     * so the location's protected members, only on its own kind of object, as the JVM checks.
     */
    private boolean isProtected(String owner, String name) {
        return classes.get(owner).fields.stream()
                .anyMatch(f -> f.name.equals(name) && (f.access & Opcodes.ACC_PROTECTED) != 0);
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

    /**
     * The bytecode indices of the activations' accesses to the chosen capsules' own fields and of the accesses
     * protected {@code arrays} cover, by method.
     */
    private ElidedAccesses activationAccesses(Map<String, Set<String>> chosen, ProtectedArrays.Found arrays) {
        Map<MethodKey, Set<Integer>> byMethod = new HashMap<>();
        onThis.forEach((method, accesses) -> accesses.forEach((bci, capsule) -> {
            if (chosen.containsKey(capsule)) {
                byMethod.computeIfAbsent(method, k -> new TreeSet<>()).add(bci);
            }
        }));
        arrays.covered().forEach((method, accesses) -> byMethod.computeIfAbsent(method, k -> new TreeSet<>())
                .addAll(accesses.keySet()));
        arrays.otherReads().forEach((method, reads) -> byMethod.computeIfAbsent(method, k -> new TreeSet<>())
                .addAll(reads));
        Map<MethodKey, Set<Integer>> frozen = new HashMap<>();
        byMethod.forEach((method, bcis) -> frozen.put(method, Set.copyOf(bcis)));
        return new ElidedAccesses(Map.copyOf(frozen));
    }

    private static String dotted(String internalName) {
        return internalName.replace('/', '.');
    }
}
