package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.jdk.ArrayCopiers;
import bigfoot.staticbf.origins.ArrayHelpers;
import bigfoot.staticbf.origins.Origin;
import bigfoot.staticbf.origins.OriginInterpreter;
import bigfoot.staticbf.origins.OriginValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Capsule-protected arrays (the BigFoot dissertation, chapter 5, decided statically): an array field of a capsule
 * class whose arrays only the capsule's activations ever touch. Their element accesses then need no checks of their
 * own: they join the activation's stretch checks of the capsule location, as own-field accesses do. A field {@code f}
 * of capsule class C (an array, not static, not volatile, final or not) is protected when, in every class of the
 * input,
 * <ul>
 * <li>every {@code putfield} of it, and every {@code getfield} but the ones below, is an activation's: on
 * {@code this}, in an instance method of C or of a subclass;</li>
 * <li>it is only ever assigned {@code null} or a fresh array of the same method (a {@code new} array, an array's
 * {@code clone()}, {@code Arrays.copyOf}, a producer's result: {@link ArrayHelpers}) stored into no other field;</li>
 * <li>the value read from it, and a fresh array stored into it, never goes anywhere but element accesses,
 * {@code arraylength}, comparisons, the JDK's array copiers ({@link ArrayCopiers}) and release-free fillers that only
 * read it ({@link ArrayHelpers}): no other call, return, throw, store into a field, a static or an array;</li>
 * <li>every element access through it may only reach arrays of protected fields of one capsule class (or
 * {@code null});</li>
 * <li>a {@code getfield} of it on another object (in any method) goes only to element reads that run straight after
 * it, with nothing that could synchronise in between (a list's {@code addAll(other)} reading {@code other.data[i]},
 * xalan's DTMs reading their manager's tables);</li>
 * <li>no object of C can be copied field by field: neither C nor a subclass is {@code Cloneable}, or the
 * {@code clone()} each of them runs makes its copy without {@code Object.clone()} (a field-by-field copy would share
 * the array).</li>
 * </ul>
 * Then such an array is reachable from one capsule object only, and every access to it is in the epoch of a check of
 * that object's capsule location: an activation's stretch check; for a call handing it to a filler, a check right
 * before the call, once the filler's class is initialised; for another object's element reads, the check of that object's location the placement puts for the
 * {@code getfield} (the same release-free stretch). Values are followed with an ASM dataflow whose values are the
 * sets of their possible origins; a merge is their union.
 */
final class ProtectedArrays {

    /** A read of array field {@code field} of capsule {@code owner} on {@code this}. */
    private record Load(String owner, String field) implements Origin {
    }

    /** A read of candidate {@code field} on another object than {@code this}, at {@code getfield}. */
    private record OtherLoad(Load field, FieldInsnNode getfield) implements Origin {
    }

    /**
     * What protects the chosen capsules' arrays, per method by bytecode index.
     *
     * @param covered    the activations' element accesses of protected arrays, and their calls handing one to a
     *                   filler that only reads it: the capsule class whose location covers each
     * @param otherReads element reads of another object's protected array right after its {@code getfield}: covered
     *                   by the check of that object's location that the placement puts for the {@code getfield}
     * @param copierWrites the activations' JDK copies into a protected array ({@code System.arraycopy}'s destination,
     *                   {@code Arrays.fill}): per method, bytecode index -> the capsule class whose location they write;
     *                   they keep their own array checks too (their other array may be anyone's)
     * @param copiedOut  the capsules whose protected reference arrays' elements may be copied into an array that is
     *                   not one of the same object's protected arrays ({@code System.arraycopy}, an array's
     *                   {@code clone()}, a filler copying them): their elements do not stay with the capsule
     */
    record Found(Map<MethodKey, Map<Integer, String>> covered, Map<MethodKey, Set<Integer>> otherReads,
            Map<MethodKey, Map<Integer, String>> copierWrites, Set<String> copiedOut) {
        static final Found NONE = new Found(Map.of(), Map.of(), Map.of(), Set.of());
    }

    private static final String CLONEABLE = "java/lang/Cloneable";

    private final Map<String, ClassNode> classes;
    private final Map<String, BytecodeOffsets> offsets;
    private final FieldResolver fields;
    private ArrayHelpers helpers;
    /** Capsule class -> its array fields still protected (shrinks as uses are found). */
    private final Map<String, Set<String>> candidates = new HashMap<>();
    private final Set<Load> unprotected = new HashSet<>();
    private final Set<AbstractInsnNode> leaked = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<AbstractInsnNode, Set<Load>> storedInto = new IdentityHashMap<>();
    /** Element accesses and calls to fillers through values of known origins: where, and from what. */
    private final List<ElementAccess> accesses = new ArrayList<>();
    /** Element reads through another object's candidate field, right after its {@code getfield}. */
    private final List<ElementAccess> otherReads = new ArrayList<>();
    /** Copies of arrays' elements into other arrays: from values of these origins, into these (null: anywhere). */
    private final List<Copy> copies = new ArrayList<>();

    private record Copy(Set<Origin> from, Set<Origin> into) {
    }

    /** {@code copierWrite}: a JDK copier's write into the array, which keeps its own checks. */
    private record ElementAccess(MethodKey method, int bci, Set<Origin> origins, boolean copierWrite) {
        ElementAccess(MethodKey method, int bci, Set<Origin> origins) {
            this(method, bci, origins, false);
        }
    }

    private ProtectedArrays(Map<String, ClassNode> classes, Map<String, BytecodeOffsets> offsets,
            FieldResolver fields) {
        this.classes = classes;
        this.offsets = offsets;
        this.fields = fields;
    }

    /** The accesses of the chosen capsules' protected arrays that need no checks of their own. */
    static Found find(Map<String, ClassNode> classes,
            Map<String, BytecodeOffsets> offsets, FieldResolver fields, ClassHierarchy hierarchy,
            Set<String> capsules) {
        ProtectedArrays p = new ProtectedArrays(classes, offsets, fields);
        for (String capsule : capsules) {
            ClassNode c = classes.get(capsule);
            if (c == null || cloneable(capsule, classes, hierarchy)) {
                continue;
            }
            Set<String> arrays = new TreeSet<>();
            c.fields.stream().filter(f -> (f.access & (Opcodes.ACC_STATIC | Opcodes.ACC_VOLATILE)) == 0
                    && f.desc.startsWith("[")).forEach(f -> arrays.add(f.name));
            if (!arrays.isEmpty()) {
                p.candidates.put(capsule, arrays);
            }
        }
        if (p.candidates.isEmpty()) {
            return Found.NONE;
        }
        p.helpers = ArrayHelpers.of(classes.values());
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                p.analyse(c, m);
            }
        }
        return p.protectedAccesses();
    }

    /**
     * True if an object of {@code capsule} may be copied field by field: it or an input subclass of it is
     * {@code Cloneable}, and the {@code clone()} that runs for such an object may reach {@code Object.clone()}.
     */
    private static boolean cloneable(String capsule, Map<String, ClassNode> classes, ClassHierarchy hierarchy) {
        return classes.keySet().stream().filter(s -> hierarchy.isSubclassOf(s, capsule))
                .anyMatch(s -> hierarchy.isSubtypeOf(s, CLONEABLE) && mayCopyFields(s, classes));
    }

    /**
     * True if {@code Object.clone()} may run for an object of input class {@code s}: up from {@code s}, every class
     * either declares no {@code clone()} or calls a superclass's ({@code invokespecial}, in any of its methods), up to
     * a class outside the input. A class whose {@code clone()} makes its copy otherwise (xalan's
     * {@code IntVector.clone()} returns {@code new IntVector(this)}) stops the walk: the copy's arrays are its own.
     */
    private static boolean mayCopyFields(String s, Map<String, ClassNode> classes) {
        for (String c = s; c != null; c = classes.get(c).superName) {
            ClassNode node = classes.get(c);
            if (node == null) {
                return true;                                        // Object's, or a library class's clone()
            }
            boolean declares = false;
            boolean callsSuper = false;
            for (MethodNode m : node.methods) {
                declares |= m.name.equals("clone") && m.desc.startsWith("()") && (m.access & Opcodes.ACC_ABSTRACT) == 0;
                for (AbstractInsnNode i : m.instructions) {
                    callsSuper |= i.getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) i).name.equals("clone");
                }
            }
            if (declares && !callsSuper) {
                return false;
            }
        }
        return true;
    }

    /** The candidate array field {@code f} names, if any. */
    private Optional<Load> candidate(FieldInsnNode f) {
        return fields.resolve(f.owner, f.name, f.desc).map(ResolvedField::declaringClass).map(d -> d.name())
                .filter(d -> candidates.getOrDefault(d, Set.of()).contains(f.name)).map(d -> new Load(d, f.name));
    }


    /**
     * Follows the values of {@code m} of {@code c}: records leaks, stores and element accesses. A read of a candidate
     * on {@code this} can only be in an instance method of its capsule or of a subclass (the receiver's type says so);
     * elsewhere every read is another object's and every write unprotects the field.
     */
    private void analyse(ClassNode c, MethodNode m) {
        boolean touches = false;
        for (AbstractInsnNode insn : m.instructions) {
            touches |= insn instanceof FieldInsnNode f && candidate(f).isPresent();
        }
        if (!touches) {
            return;
        }
        Optional<Frame<OriginValue>[]> analysed = new Origins(this).frames(c.name, m);
        if (analysed.isEmpty()) {
            m.instructions.forEach(i -> {
                if (i instanceof FieldInsnNode f) {
                    candidate(f).ifPresent(unprotected::add);
                }
            });
            return;
        }
        Frame<OriginValue>[] frames = analysed.get();
        Map<AbstractInsnNode, Integer> bcis = offsets.get(c.name).of(m);
        MethodKey key = new MethodKey(c.name, m.name + m.desc);
        AbstractInsnNode[] insns = m.instructions.toArray();
        Set<LabelNode> targets = jumpTargets(m);
        for (int i = 0; i < insns.length; i++) {
            if (frames[i] != null) {
                uses(insns[i], frames[i], key, bcis, targets);
            }
        }
    }

    /** What {@code insn} does with the values it takes from the stack of {@code f}. */
    private void uses(AbstractInsnNode insn, Frame<OriginValue> f, MethodKey method,
            Map<AbstractInsnNode, Integer> bcis, Set<LabelNode> targets) {
        int op = insn.getOpcode();
        int top = f.getStackSize() - 1;
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
            Set<Origin> array = f.getStack(top - 1).origins();
            if (array.size() == 1 && array.iterator().next() instanceof OtherLoad other
                    && straightLine(other.getfield(), insn, targets)) {
                otherReads.add(new ElementAccess(method, bcis.get(insn), array));
            } else {
                accesses.add(new ElementAccess(method, bcis.get(insn), array));
            }
        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            accesses.add(new ElementAccess(method, bcis.get(insn), f.getStack(top - 2).origins()));
            if (op == Opcodes.AASTORE) {
                leak(f.getStack(top));
            }
        } else if (op == Opcodes.PUTFIELD) {
            FieldInsnNode field = (FieldInsnNode) insn;
            Optional<Load> target = candidate(field);
            if (target.isPresent() && f.getStack(top - 1).origins().equals(Set.of(Origin.Simple.THIS))) {
                store(target.get(), f.getStack(top));
            } else {
                target.ifPresent(unprotected::add);
                leak(f.getStack(top));
            }
        } else if (op == Opcodes.PUTSTATIC || op == Opcodes.ARETURN || op == Opcodes.ATHROW) {
            leak(f.getStack(top));
        } else if (insn instanceof MethodInsnNode call) {
            Type[] parameters = Type.getArgumentTypes(call.desc);
            int receiver = op == Opcodes.INVOKESTATIC ? 0 : 1;
            boolean arrayClone = call.owner.startsWith("[") && call.name.equals("clone");
            List<OriginValue> arguments = OriginInterpreter.arguments(call, f);
            if (arrayClone) {
                copies.add(new Copy(arguments.get(0).origins(), Set.of(new Origin.Fresh(call))));
            } else if (call.owner.equals("java/lang/System") && call.name.equals("arraycopy")) {
                copies.add(new Copy(arguments.get(0).origins(), arguments.get(2).origins()));
            }
            Set<Origin> read = new HashSet<>();
            for (int a = 0; a < arguments.size(); a++) {
                String type = a < receiver ? "L" + call.owner + ";" : parameters[a - receiver].getDescriptor();
                Set<Origin> origins = arguments.get(a).origins();
                if (helpers.onlyReads(call, a) && origins.stream().noneMatch(OtherLoad.class::isInstance)) {
                    if (origins.stream().anyMatch(o -> o instanceof Load || o instanceof Origin.Fresh)) {
                        read.addAll(origins); // the call is checked as an access of the array: see protectedAccesses
                    }
                    if (helpers.copiesFrom(call, a)) {
                        copies.add(new Copy(origins, null));
                    }
                } else if (a < receiver ? !arrayClone : !ArrayCopiers.keeps(call.owner, call.name, type)) {
                    leak(arguments.get(a));
                } else if (a >= receiver && ArrayCopiers.writes(call.owner, call.name, a - receiver)) {
                    // a JDK copy writing the elements: a write of the capsule location, as an element store is
                    accesses.add(new ElementAccess(method, bcis.get(call), origins, true));
                } else {
                    for (Origin o : origins) { // a JDK copy reads another object's array: as its element reads do
                        if (o instanceof OtherLoad other && !straightLine(other.getfield(), call, targets)) {
                            unprotected.add(other.field());
                        }
                    }
                }
            }
            if (!read.isEmpty()) {
                accesses.add(new ElementAccess(method, bcis.get(call), read));
            }
        } else if (op == Opcodes.INVOKEDYNAMIC) {
            OriginInterpreter.arguments(insn, f).forEach(this::leak);
        }
    }

    /**
     * True if every path to {@code access} runs straight from {@code getfield}, through loads (an instance field's, an
     * array's length too), constants, arithmetic and stack operations only: no call, field write, static access,
     * monitor or allocation, no jump and no jump target, so nothing between them can release or start another
     * class's initialisation.
     */
    private static boolean straightLine(AbstractInsnNode getfield, AbstractInsnNode access, Set<LabelNode> targets) {
        for (AbstractInsnNode i = getfield.getNext(); i != access; i = i.getNext()) {
            if (i == null) {
                return false; // the access comes first in the code: reached from the getfield by a jump
            }
            int op = i.getOpcode();
            boolean plain = op == -1 ? !(i instanceof LabelNode label && targets.contains(label))
                    : op >= Opcodes.ACONST_NULL && op <= Opcodes.ALOAD || op >= Opcodes.ISTORE && op <= Opcodes.ASTORE
                            || op >= Opcodes.POP && op <= Opcodes.I2S || op == Opcodes.GETFIELD
                            || op == Opcodes.ARRAYLENGTH;
            if (i instanceof LdcInsnNode ldc && ldc.cst instanceof ConstantDynamic) {
                plain = false; // its bootstrap method runs code
            }
            if (!plain) {
                return false;
            }
        }
        return true;
    }

    /** The labels of {@code m} that a jump, a switch or an exception handler may go to. */
    private static Set<LabelNode> jumpTargets(MethodNode m) {
        Set<LabelNode> targets = Collections.newSetFromMap(new IdentityHashMap<>());
        for (AbstractInsnNode i : m.instructions) {
            if (i instanceof JumpInsnNode jump) {
                targets.add(jump.label);
            } else if (i instanceof TableSwitchInsnNode table) {
                targets.add(table.dflt);
                targets.addAll(table.labels);
            } else if (i instanceof LookupSwitchInsnNode lookup) {
                targets.add(lookup.dflt);
                targets.addAll(lookup.labels);
            }
        }
        m.tryCatchBlocks.forEach(t -> targets.add(t.handler));
        return targets;
    }

    /** A value handed to code that may keep it: any array it may be is no longer a capsule's alone. */
    private void leak(OriginValue value) {
        for (Origin o : value.origins()) {
            if (o instanceof Load load) {
                unprotected.add(load);
            } else if (o instanceof OtherLoad other) {
                unprotected.add(other.field());
            } else if (o instanceof Origin.Fresh fresh) {
                leaked.add(fresh.allocation());
            }
        }
    }

    /** {@code this.field = value}: only null or fresh arrays keep the field protected. */
    private void store(Load field, OriginValue value) {
        for (Origin o : value.origins()) {
            if (o instanceof Origin.Fresh fresh) {
                storedInto.computeIfAbsent(fresh.allocation(), k -> new HashSet<>()).add(field);
            } else if (o != Origin.Simple.NULL) {
                unprotected.add(field);
                if (o instanceof Load load) {
                    unprotected.add(load); // two fields holding one array: keep it simple, neither is protected
                } else if (o instanceof OtherLoad other) {
                    unprotected.add(other.field());
                }
            }
        }
    }

    /**
     * The accesses the protected fields cover. An access that some path reaches with a value of another origin than
     * protected fields (or fresh arrays stored into one) gets its own check, so the fields it may read are not protected
     * either: their other accesses, unchecked, could race with it unseen. That may uncover more: until none changes.
     */
    private Found protectedAccesses() {
        storedInto.forEach((allocation, into) -> {
            if (leaked.contains(allocation) || into.size() > 1) {
                unprotected.addAll(into);
            }
        });
        Map<MethodKey, Map<Integer, String>> covered;
        Map<MethodKey, Map<Integer, String>> copierWrites;
        int before;
        do {
            before = unprotected.size();
            covered = new HashMap<>();
            copierWrites = new HashMap<>();
            for (ElementAccess a : accesses) {
                Optional<String> owner = coveringCapsule(a.origins());
                if (owner.isPresent() && a.copierWrite()) {
                    if (a.origins().stream().anyMatch(Load.class::isInstance)) { // not only a fresh array, unpublished
                        copierWrites.computeIfAbsent(a.method(), k -> new TreeMap<>()).put(a.bci(), owner.get());
                    }
                } else if (owner.isPresent()) {
                    covered.computeIfAbsent(a.method(), k -> new TreeMap<>()).put(a.bci(), owner.get());
                } else {
                    a.origins().forEach(o -> fieldsOf(o).ifPresent(unprotected::addAll));
                }
            }
        } while (unprotected.size() != before);
        Map<MethodKey, Set<Integer>> reads = new HashMap<>();
        for (ElementAccess a : otherReads) {
            if (!unprotected.contains(((OtherLoad) a.origins().iterator().next()).field())) {
                reads.computeIfAbsent(a.method(), k -> new TreeSet<>()).add(a.bci());
            }
        }
        return new Found(covered, reads, copierWrites, copiedOut());
    }

    /**
     * The capsules whose protected reference arrays a copy may take elements from into an array that is not held by
     * the same object's protected fields: into anywhere (a filler's copy), into an array of another origin, or from
     * another object's array.
     */
    private Set<String> copiedOut() {
        Set<String> out = new TreeSet<>();
        for (Copy c : copies) {
            Optional<String> into = c.into() == null ? Optional.empty() : coveringCapsule(c.into());
            for (Origin o : c.from()) {
                boolean sameObject = !(o instanceof OtherLoad);
                fieldsOf(o).orElse(Set.of()).stream()
                        .filter(f -> !unprotected.contains(f) && holdsReferences(f))
                        .filter(f -> !sameObject || !into.equals(Optional.of(f.owner())))
                        .forEach(f -> out.add(f.owner()));
            }
        }
        return out;
    }

    /** True if protected field {@code f} holds arrays of references. */
    private boolean holdsReferences(Load f) {
        return classes.get(f.owner()).fields.stream().anyMatch(n -> n.name.equals(f.field())
                && (n.desc.startsWith("[L") || n.desc.startsWith("[[")));
    }

    /** The fields an origin's arrays may be held in: a protected field read, a fresh array stored; else empty. */
    private Optional<Set<Load>> fieldsOf(Origin o) {
        return o instanceof Load load ? Optional.of(Set.of(load))
                : o instanceof OtherLoad other ? Optional.of(Set.of(other.field()))
                : o instanceof Origin.Fresh fresh ? Optional.of(storedInto.getOrDefault(fresh.allocation(), Set.of()))
                : Optional.empty();
    }

    /** The capsule whose protected fields hold every array of {@code origins} (but null), if there is one. */
    private Optional<String> coveringCapsule(Set<Origin> origins) {
        Set<String> owners = new HashSet<>();
        for (Origin o : origins) {
            if (o == Origin.Simple.NULL) {
                continue;
            }
            Set<Load> held = o instanceof OtherLoad ? null : fieldsOf(o).orElse(null);
            if (held == null || held.isEmpty() || held.stream().anyMatch(unprotected::contains)) {
                return Optional.empty();
            }
            held.forEach(load -> owners.add(load.owner()));
        }
        return owners.size() == 1 ? Optional.of(owners.iterator().next()) : Optional.empty();
    }

    /** The dataflow's hook: a read of a candidate array field on {@code this} is that field's {@link Load}. */
    private static final class Origins extends OriginInterpreter {
        private final ProtectedArrays arrays;

        Origins(ProtectedArrays arrays) {
            this.arrays = arrays;
        }

        @Override
        protected Origin fieldRead(FieldInsnNode field, OriginValue receiver) {
            if (receiver == null) {
                return null;
            }
            Optional<Load> load = arrays.candidate(field);
            return receiver.origins().equals(Set.of(Origin.Simple.THIS)) ? load.orElse(null)
                    : load.map(l -> (Origin) new OtherLoad(l, field)).orElse(null);
        }

        @Override
        protected Origin callResult(MethodInsnNode call) {
            return arrays.helpers.produces(call) ? new Origin.Fresh(call) : super.callResult(call);
        }
    }
}
