package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.jdk.ArrayCopiers;
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
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Capsule-protected arrays (the BigFoot dissertation, chapter 5, decided statically): an array field of a capsule
 * class whose arrays only the capsule's activations ever touch. Their element accesses then need no checks of their
 * own: they join the activation's stretch checks of the capsule location, as own-field accesses do. A field {@code f}
 * of capsule class C (an array, not static, not volatile, final or not) is protected when, in every class of the
 * input,
 * <ul>
 * <li>every {@code getfield}/{@code putfield} of it is an activation's: on {@code this} in an instance method of C or
 * of a subclass;</li>
 * <li>it is only ever assigned {@code null} or a fresh array of the same method (a {@code new} array, an array's
 * {@code clone()}, {@code Arrays.copyOf}) stored into no other field;</li>
 * <li>the value read from it, and a fresh array stored into it, never goes anywhere but element accesses,
 * {@code arraylength}, comparisons and the JDK's array copiers ({@link ArrayCopiers}): no other call, return,
 * throw, store into a field, a static or an array;</li>
 * <li>no object of C can be cloned (neither C nor a subclass is {@code Cloneable}): a clone would share the array.</li>
 * </ul>
 * Then such an array is reachable from one capsule object only, through an activation on it, and every access to it is
 * in the epoch of a check of that object's capsule location. Values are followed with an ASM dataflow whose values are
 * the sets of their possible origins; a merge is their union.
 */
final class ProtectedArrays {

    /** A read of array field {@code field} of capsule {@code owner} on {@code this}. */
    private record Load(String owner, String field) implements Origin {
    }

    private static final String CLONEABLE = "java/lang/Cloneable";

    private final Map<String, ClassNode> classes;
    private final Map<String, BytecodeOffsets> offsets;
    private final FieldResolver fields;
    /** Capsule class -> its array fields still protected (shrinks as uses are found). */
    private final Map<String, Set<String>> candidates = new HashMap<>();
    private final Set<Load> unprotected = new HashSet<>();
    private final Set<AbstractInsnNode> leaked = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<AbstractInsnNode, Set<Load>> storedInto = new IdentityHashMap<>();
    /** Element accesses through values of known origins: where, and from what. */
    private final List<ElementAccess> accesses = new ArrayList<>();

    private record ElementAccess(MethodKey method, int bci, Set<Origin> origins) {
    }

    private ProtectedArrays(Map<String, ClassNode> classes, Map<String, BytecodeOffsets> offsets,
            FieldResolver fields) {
        this.classes = classes;
        this.offsets = offsets;
        this.fields = fields;
    }

    /**
     * The element accesses of the chosen capsules' protected arrays: per method, bytecode index -> the capsule class
     * whose location covers it.
     */
    static Map<MethodKey, Map<Integer, String>> find(Map<String, ClassNode> classes,
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
            return Map.of();
        }
        for (ClassNode c : classes.values()) {
            for (MethodNode m : c.methods) {
                p.analyse(c, m);
            }
        }
        return p.protectedAccesses();
    }

    /** True if an object of {@code capsule} may be cloned: it or an input subclass of it is {@code Cloneable}. */
    private static boolean cloneable(String capsule, Map<String, ClassNode> classes, ClassHierarchy hierarchy) {
        return hierarchy.isSubtypeOf(capsule, CLONEABLE) || classes.keySet().stream()
                .anyMatch(s -> hierarchy.isSubclassOf(s, capsule) && hierarchy.isSubtypeOf(s, CLONEABLE));
    }

    /** The candidate array field {@code f} names, if any. */
    private Optional<Load> candidate(FieldInsnNode f) {
        return fields.resolve(f.owner, f.name, f.desc).map(ResolvedField::declaringClass).map(d -> d.name())
                .filter(d -> candidates.getOrDefault(d, Set.of()).contains(f.name)).map(d -> new Load(d, f.name));
    }

    private boolean isOrExtends(String name, String ancestor) {
        for (String s = name; s != null; s = classes.containsKey(s) ? classes.get(s).superName : null) {
            if (s.equals(ancestor)) {
                return true;
            }
        }
        return false;
    }

    /** Follows the values of {@code m} of {@code c}: records leaks, stores and element accesses. */
    private void analyse(ClassNode c, MethodNode m) {
        boolean instance = (m.access & Opcodes.ACC_STATIC) == 0;
        boolean touches = false;
        for (AbstractInsnNode insn : m.instructions) {
            Optional<Load> field = insn instanceof FieldInsnNode f ? candidate(f) : Optional.empty();
            if (field.isPresent()) {
                touches = true;
                if (!instance || !isOrExtends(c.name, field.get().owner())) {
                    unprotected.add(field.get()); // another class's or a static method's access
                }
            }
        }
        if (!touches || !instance) {
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
        for (int i = 0; i < insns.length; i++) {
            if (frames[i] != null) {
                uses(insns[i], frames[i], key, bcis);
            }
        }
    }

    /** What {@code insn} does with the values it takes from the stack of {@code f}. */
    private void uses(AbstractInsnNode insn, Frame<OriginValue> f, MethodKey method,
            Map<AbstractInsnNode, Integer> bcis) {
        int op = insn.getOpcode();
        int top = f.getStackSize() - 1;
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
            accesses.add(new ElementAccess(method, bcis.get(insn), f.getStack(top - 1).origins()));
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
        } else if (op == Opcodes.GETFIELD) {
            candidate((FieldInsnNode) insn).filter(load -> !f.getStack(top).origins().equals(Set.of(Origin.Simple.THIS)))
                    .ifPresent(unprotected::add);
        } else if (op == Opcodes.PUTSTATIC || op == Opcodes.ARETURN || op == Opcodes.ATHROW) {
            leak(f.getStack(top));
        } else if (insn instanceof MethodInsnNode call) {
            Type[] parameters = Type.getArgumentTypes(call.desc);
            int receiver = op == Opcodes.INVOKESTATIC ? 0 : 1;
            boolean arrayClone = call.owner.startsWith("[") && call.name.equals("clone");
            List<OriginValue> arguments = OriginInterpreter.arguments(call, f);
            for (int a = 0; a < arguments.size(); a++) {
                String type = a < receiver ? "L" + call.owner + ";" : parameters[a - receiver].getDescriptor();
                boolean keeps = a < receiver ? arrayClone : ArrayCopiers.keeps(call.owner, call.name, type);
                if (!keeps) {
                    leak(arguments.get(a));
                }
            }
        } else if (op == Opcodes.INVOKEDYNAMIC) {
            OriginInterpreter.arguments(insn, f).forEach(this::leak);
        }
    }

    /** A value handed to code that may keep it: any array it may be is no longer a capsule's alone. */
    private void leak(OriginValue value) {
        for (Origin o : value.origins()) {
            if (o instanceof Load load) {
                unprotected.add(load);
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
                }
            }
        }
    }

    private Map<MethodKey, Map<Integer, String>> protectedAccesses() {
        storedInto.forEach((allocation, into) -> {
            if (leaked.contains(allocation) || into.size() > 1) {
                unprotected.addAll(into);
            }
        });
        Map<MethodKey, Map<Integer, String>> out = new HashMap<>();
        for (ElementAccess a : accesses) {
            Set<String> owners = new HashSet<>();
            boolean covered = true;
            for (Origin o : a.origins()) {
                Set<Load> fields = o instanceof Load load ? Set.of(load)
                        : o instanceof Origin.Fresh fresh ? storedInto.getOrDefault(fresh.allocation(), Set.of()) : null;
                if (o == Origin.Simple.NULL) {
                    continue;
                }
                if (fields == null || fields.isEmpty() || fields.stream().anyMatch(unprotected::contains)) {
                    covered = false;
                    break;
                }
                fields.forEach(load -> owners.add(load.owner()));
            }
            if (covered && owners.size() == 1) {
                out.computeIfAbsent(a.method(), k -> new TreeMap<>()).put(a.bci(), owners.iterator().next());
            }
        }
        return out;
    }

    /** The dataflow's hook: a read of a candidate array field on {@code this} is that field's {@link Load}. */
    private static final class Origins extends OriginInterpreter {
        private final ProtectedArrays arrays;

        Origins(ProtectedArrays arrays) {
            this.arrays = arrays;
        }

        @Override
        protected Origin fieldRead(FieldInsnNode field, OriginValue receiver) {
            return receiver != null && receiver.origins().equals(Set.of(Origin.Simple.THIS))
                    ? arrays.candidate(field).orElse(null) : null;
        }
    }
}
