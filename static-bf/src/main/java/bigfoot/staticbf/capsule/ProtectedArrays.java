package bigfoot.staticbf.capsule;

import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.jdk.ArrayCopiers;
import bigfoot.staticbf.rewrite.BytecodeOffsets;
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
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

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

    /** A reference value's possible origin. */
    private sealed interface Origin {
    }

    /** {@code this} at entry, {@code null}, or anything else. */
    private enum Simple implements Origin { THIS, NULL, OTHER }

    /** A read of array field {@code field} of capsule {@code owner} on {@code this}. */
    private record Load(String owner, String field) implements Origin {
    }

    /** The array an allocation (or copy) made; an instruction is equal only to itself. */
    private record Fresh(AbstractInsnNode allocation) implements Origin {
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
        Frame<OriginValue>[] frames;
        try {
            frames = new Analyzer<>(new Origins(this)).analyze(c.name, m);
        } catch (AnalyzerException e) {
            m.instructions.forEach(i -> {
                if (i instanceof FieldInsnNode f) {
                    candidate(f).ifPresent(unprotected::add);
                }
            });
            return;
        }
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
            accesses.add(new ElementAccess(method, bcis.get(insn), f.getStack(top - 1).origins));
        } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            accesses.add(new ElementAccess(method, bcis.get(insn), f.getStack(top - 2).origins));
            if (op == Opcodes.AASTORE) {
                leak(f.getStack(top));
            }
        } else if (op == Opcodes.PUTFIELD) {
            FieldInsnNode field = (FieldInsnNode) insn;
            Optional<Load> target = candidate(field);
            if (target.isPresent() && f.getStack(top - 1).origins.equals(Set.of(Simple.THIS))) {
                store(target.get(), f.getStack(top));
            } else {
                target.ifPresent(unprotected::add);
                leak(f.getStack(top));
            }
        } else if (op == Opcodes.GETFIELD) {
            candidate((FieldInsnNode) insn).filter(load -> !f.getStack(top).origins.equals(Set.of(Simple.THIS)))
                    .ifPresent(unprotected::add);
        } else if (op == Opcodes.PUTSTATIC || op == Opcodes.ARETURN || op == Opcodes.ATHROW) {
            leak(f.getStack(top));
        } else if (insn instanceof MethodInsnNode call) {
            Type[] parameters = Type.getArgumentTypes(call.desc);
            int receiver = op == Opcodes.INVOKESTATIC ? 0 : 1;
            int first = top - parameters.length - receiver + 1;
            boolean arrayClone = call.owner.startsWith("[") && call.name.equals("clone");
            for (int a = 0; a < receiver + parameters.length; a++) {
                String type = a < receiver ? "L" + call.owner + ";" : parameters[a - receiver].getDescriptor();
                boolean keeps = a < receiver ? arrayClone : ArrayCopiers.keeps(call.owner, call.name, type);
                if (!keeps) {
                    leak(f.getStack(first + a));
                }
            }
        } else if (op == Opcodes.INVOKEDYNAMIC) {
            int arguments = Type.getArgumentTypes(((InvokeDynamicInsnNode) insn).desc).length;
            for (int a = top - arguments + 1; a <= top; a++) {
                leak(f.getStack(a));
            }
        }
    }

    /** A value handed to code that may keep it: any array it may be is no longer a capsule's alone. */
    private void leak(OriginValue value) {
        for (Origin o : value.origins) {
            if (o instanceof Load load) {
                unprotected.add(load);
            } else if (o instanceof Fresh fresh) {
                leaked.add(fresh.allocation());
            }
        }
    }

    /** {@code this.field = value}: only null or fresh arrays keep the field protected. */
    private void store(Load field, OriginValue value) {
        for (Origin o : value.origins) {
            if (o instanceof Fresh fresh) {
                storedInto.computeIfAbsent(fresh.allocation(), k -> new HashSet<>()).add(field);
            } else if (o != Simple.NULL) {
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
                        : o instanceof Fresh fresh ? storedInto.getOrDefault(fresh.allocation(), Set.of()) : null;
                if (o == Simple.NULL) {
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

    /** A value of the dataflow: its size in slots and, for a reference, where it may come from. */
    static final class OriginValue implements Value {
        final int size;
        final Set<Origin> origins;

        OriginValue(int size, Set<Origin> origins) {
            this.size = size;
            this.origins = origins;
        }

        @Override
        public int getSize() {
            return size;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof OriginValue v && v.size == size && v.origins.equals(origins);
        }

        @Override
        public int hashCode() {
            return size * 31 + origins.hashCode();
        }
    }

    /** The interpreter of the dataflow: copies keep a value's origins, a merge unites them. */
    private static final class Origins extends Interpreter<OriginValue> {
        private static final OriginValue ONE = new OriginValue(1, Set.of());
        private static final OriginValue TWO = new OriginValue(2, Set.of());
        private static final OriginValue OTHER = new OriginValue(1, Set.of(Simple.OTHER));
        private final ProtectedArrays arrays;

        Origins(ProtectedArrays arrays) {
            super(Opcodes.ASM9);
            this.arrays = arrays;
        }

        private static OriginValue of(Type type) {
            if (type == null) {
                return ONE;
            }
            return switch (type.getSort()) {
                case Type.VOID -> null;
                case Type.LONG, Type.DOUBLE -> TWO;
                case Type.OBJECT, Type.ARRAY -> OTHER;
                default -> ONE;
            };
        }

        private static OriginValue origin(Origin o) {
            return new OriginValue(1, Set.of(o));
        }

        @Override
        public OriginValue newValue(Type type) {
            return of(type);
        }

        @Override
        public OriginValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return isInstanceMethod && local == 0 ? origin(Simple.THIS) : of(type);
        }

        @Override
        public OriginValue newOperation(AbstractInsnNode insn) {
            return switch (insn.getOpcode()) {
                case Opcodes.ACONST_NULL -> origin(Simple.NULL);
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> TWO;
                case Opcodes.LDC -> {
                    Object c = ((LdcInsnNode) insn).cst;
                    yield c instanceof Long || c instanceof Double ? TWO
                            : c instanceof Integer || c instanceof Float ? ONE : OTHER;
                }
                case Opcodes.GETSTATIC -> of(Type.getType(((FieldInsnNode) insn).desc));
                case Opcodes.NEW -> OTHER;
                default -> ONE;
            };
        }

        @Override
        public OriginValue copyOperation(AbstractInsnNode insn, OriginValue value) {
            return value;
        }

        @Override
        public OriginValue unaryOperation(AbstractInsnNode insn, OriginValue value) {
            return switch (insn.getOpcode()) {
                case Opcodes.NEWARRAY, Opcodes.ANEWARRAY -> origin(new Fresh(insn));
                case Opcodes.CHECKCAST -> value;
                case Opcodes.GETFIELD -> {
                    FieldInsnNode f = (FieldInsnNode) insn;
                    Optional<Load> load = arrays.candidate(f);
                    yield load.isPresent() && value.origins.equals(Set.of(Simple.THIS)) ? origin(load.get())
                            : of(Type.getType(f.desc));
                }
                case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D,
                        Opcodes.D2L -> TWO;
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                        Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN,
                        Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.PUTSTATIC, Opcodes.ATHROW, Opcodes.MONITORENTER,
                        Opcodes.MONITOREXIT, Opcodes.IFNULL, Opcodes.IFNONNULL -> null;
                default -> ONE;
            };
        }

        @Override
        public OriginValue binaryOperation(AbstractInsnNode insn, OriginValue value1, OriginValue value2) {
            return switch (insn.getOpcode()) {
                case Opcodes.AALOAD -> OTHER;
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                        Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                        Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> TWO;
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                        Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD -> null;
                default -> ONE;
            };
        }

        @Override
        public OriginValue ternaryOperation(AbstractInsnNode insn, OriginValue value1, OriginValue value2,
                OriginValue value3) {
            return null;
        }

        @Override
        public OriginValue naryOperation(AbstractInsnNode insn, List<? extends OriginValue> values) {
            if (insn.getOpcode() == Opcodes.MULTIANEWARRAY) {
                return origin(new Fresh(insn));
            }
            String desc = insn instanceof MethodInsnNode call ? call.desc
                    : ((InvokeDynamicInsnNode) insn).desc;
            if (insn instanceof MethodInsnNode call && (call.owner.startsWith("[") && call.name.equals("clone")
                    || call.owner.equals("java/util/Arrays") && call.name.startsWith("copyOf"))) {
                return origin(new Fresh(insn));
            }
            return of(Type.getReturnType(desc));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, OriginValue value, OriginValue expected) {
        }

        @Override
        public OriginValue merge(OriginValue value1, OriginValue value2) {
            if (value1.equals(value2)) {
                return value1;
            }
            if (value1.size != value2.size) {
                return ONE; // a slot reused for another type: never read as either
            }
            Set<Origin> union = new HashSet<>(value1.origins);
            union.addAll(value2.origins);
            return union.equals(value1.origins) ? value1 : new OriginValue(value1.size, Set.copyOf(union));
        }
    }
}
