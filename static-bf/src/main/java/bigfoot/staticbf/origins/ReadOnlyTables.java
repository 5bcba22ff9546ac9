package bigfoot.staticbf.origins;

import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.FieldResolver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Read-only static tables, for {@code --elide escape}: an array that its class fills while it initialises and that
 * is only read afterwards (a scanner's transition tables, a codec's lookup tables). Its elements are written before
 * the array is published, as the BigFoot dissertation's chapter 4 has it, with one twist: publication is the end of
 * the class's initialisation, which the JVM orders before every other thread's use of the class (JLS 12.4.2) and the
 * detector orders the same way. So every write of the array happens before every read of it by another thread, no
 * read of it can race, and the reads need no checks; the writes keep theirs.
 *
 * <p>A field F of class C (private, static, final, an array) is such a table when, in every class of the input,
 * <ul>
 * <li>F is only assigned in C's {@code <clinit>}, and only arrays that are fresh there: made there, or returned by a
 * <em>producer</em> (a static method of the input whose returned arrays are its own allocations, going nowhere
 * else);</li>
 * <li>in C's {@code <clinit>}, F's value and the arrays stored into it go only to element accesses, {@code arraylength},
 * comparisons and <em>fillers</em> (static methods of the input whose array parameter goes only to those);</li>
 * <li>everywhere else F's value goes only to element reads, {@code arraylength} and comparisons: no store, call,
 * return or throw.</li>
 * </ul>
 * The element reads through such tables outside C's {@code <clinit>} are the elided accesses. Code outside the input
 * can only reach F by reflection, which this does not see.
 */
public final class ReadOnlyTables {

    /** A read of candidate table {@code name} of class {@code owner}. */
    private record Table(String owner, String name) implements Origin {
    }

    /** An array parameter at entry, in the local it arrives in. */
    private record Parameter(int local) implements Origin {
    }

    /** What an instruction does with a reference value it takes from the stack. */
    private enum Use { READ, WRITE, HARMLESS, FILL, RETURN, STORE, ESCAPE }

    private static final String CLINIT = "<clinit>";

    /** Every class file of the input, each with its bytecode offsets: all versions of a multi-release class. */
    private final Map<ClassNode, BytecodeOffsets> classes = new IdentityHashMap<>();
    /** Class name -> how many versions of it the input has. */
    private final Map<String, Integer> versions = new HashMap<>();
    private final FieldResolver fields;
    /** Class -> its private static final array fields. */
    private final Map<String, Set<String>> candidates = new HashMap<>();
    /** "owner.name+desc" of static methods -> the arguments (by index) that only go to element accesses. */
    private final Map<String, Set<Integer>> fillers = new HashMap<>();
    /** "owner.name+desc" of static methods returning arrays -> whether they are producers. */
    private final Map<String, Boolean> producers = new HashMap<>();
    private final Set<Table> written = new HashSet<>();
    private final Set<AbstractInsnNode> leaked = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<AbstractInsnNode, Set<Table>> storedInto = new IdentityHashMap<>();
    private final List<Read> reads = new ArrayList<>();

    private record Read(MethodKey method, int bci, Set<Origin> origins) {
    }

    private ReadOnlyTables(FieldResolver fields) {
        this.fields = fields;
    }

    /** The element reads of read-only tables in {@code classFiles}, by method. */
    public static ElidedAccesses reads(List<byte[]> classFiles, FieldResolver fields) {
        ReadOnlyTables t = new ReadOnlyTables(fields);
        for (byte[] bytes : classFiles) {
            ClassReader reader = new ClassReader(bytes);
            ClassNode node = new ClassNode();
            reader.accept(node, ClassReader.SKIP_FRAMES);
            t.classes.put(node, BytecodeOffsets.of(reader));
            t.versions.merge(node.name, 1, Integer::sum);
            for (FieldNode f : node.fields) {
                int flags = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL;
                if ((f.access & flags) == flags && f.desc.startsWith("[")) {
                    t.candidates.computeIfAbsent(node.name, k -> new HashSet<>()).add(f.name);
                }
            }
        }
        if (t.candidates.isEmpty()) {
            return ElidedAccesses.NONE;
        }
        t.findFillers();
        t.findProducers();
        t.classes.keySet().forEach(c -> c.methods.forEach(m -> t.follow(c, m)));
        return t.elided();
    }

    // ---------------------------------------------------------------- fillers and producers

    private static String key(String owner, MethodNode m) {
        return owner + '.' + m.name + m.desc;
    }

    private static boolean isStatic(MethodNode m) {
        return (m.access & Opcodes.ACC_STATIC) != 0;
    }

    /** Static methods' array parameters that only go to element accesses, arraylength and comparisons. */
    private void findFillers() {
        for (ClassNode c : classes.keySet()) {
            for (MethodNode m : c.methods) {
                Type[] parameters = Type.getArgumentTypes(m.desc);
                if (!isStatic(m) || m.instructions.size() == 0
                        || Arrays.stream(parameters).noneMatch(p -> p.getSort() == Type.ARRAY)) {
                    continue;
                }
                Set<Integer> confined = new TreeSet<>();
                int[] locals = new int[parameters.length];
                for (int i = 0, local = 0; i < parameters.length; local += parameters[i].getSize(), i++) {
                    locals[i] = local;
                    if (parameters[i].getSort() == Type.ARRAY) {
                        confined.add(i);
                    }
                }
                Set<Integer> escaping = new HashSet<>();
                Optional<Frame<OriginValue>[]> frames = new Interpreter(true).frames(c.name, m);
                if (frames.isEmpty()) {
                    confined.clear();
                } else {
                    forEachUse(m, frames.get(), (insn, value, use) -> {
                        if (use != Use.READ && use != Use.WRITE && use != Use.HARMLESS) {
                            value.origins().forEach(o -> {
                                if (o instanceof Parameter p) {
                                    escaping.add(p.local());
                                }
                            });
                        }
                    });
                    confined.removeIf(i -> escaping.contains(locals[i]));
                }
                fillers.merge(key(c.name, m), confined, (a, b) -> { // every version of a multi-release class
                    a.retainAll(b);
                    return a;
                });
            }
        }
        fillers.values().removeIf(Set::isEmpty);
    }

    /** Static methods returning arrays that they made and handed to nobody but element accesses and fillers. */
    private void findProducers() {
        for (ClassNode c : classes.keySet()) {
            for (MethodNode m : c.methods) {
                if (!isStatic(m) || Type.getReturnType(m.desc).getSort() != Type.ARRAY || m.instructions.size() == 0) {
                    continue;
                }
                Optional<Frame<OriginValue>[]> frames = new Interpreter(false).frames(c.name, m);
                Set<Origin> returned = new HashSet<>();
                Set<Origin> escaping = new HashSet<>();
                frames.ifPresent(f -> forEachUse(m, f, (insn, value, use) -> {
                    if (use == Use.RETURN) {
                        returned.addAll(value.origins());
                    } else if (use != Use.READ && use != Use.WRITE && use != Use.HARMLESS && use != Use.FILL) {
                        escaping.addAll(value.origins());
                    }
                }));
                boolean fresh = returned.stream().anyMatch(o -> o instanceof Origin.Fresh)
                        && returned.stream().allMatch(o -> o instanceof Origin.Fresh || o == Origin.Simple.NULL);
                producers.merge(key(c.name, m), fresh && Collections.disjoint(returned, escaping),
                        Boolean::logicalAnd);                             // every version of a multi-release class
            }
        }
        producers.values().removeIf(producer -> !producer);
    }

    // ---------------------------------------------------------------- the tables

    /** The candidate table {@code f} names, if any. */
    private Optional<Table> table(FieldInsnNode f) {
        return fields.resolve(f.owner, f.name, f.desc).map(r -> r.declaringClass().name())
                .filter(d -> candidates.getOrDefault(d, Set.of()).contains(f.name)).map(d -> new Table(d, f.name));
    }

    /** Follows the tables' values and the arrays stored into them through {@code m} of {@code c}. */
    private void follow(ClassNode c, MethodNode m) {
        boolean initialiser = m.name.equals(CLINIT);
        boolean versioned = versions.getOrDefault(c.name, 0) > 1; // reads keep their checks: bcis differ by version
        Optional<Frame<OriginValue>[]> analysed = new Interpreter(false).frames(c.name, m);
        if (analysed.isEmpty()) {
            m.instructions.forEach(i -> {
                if (i instanceof FieldInsnNode f) {
                    table(f).ifPresent(written::add);
                }
            });
            return;
        }
        Map<AbstractInsnNode, Integer> bcis = classes.get(c).of(m);
        MethodKey method = new MethodKey(c.name, m.name + m.desc);
        forEachUse(m, analysed.get(), (insn, value, use) -> {
            if (use == Use.READ && !versioned && value.origins().stream().anyMatch(o -> o instanceof Table t
                    && !(initialiser && t.owner().equals(c.name)))) {
                reads.add(new Read(method, bcis.get(insn), value.origins()));
            }
            Optional<Table> target = use == Use.STORE ? table((FieldInsnNode) insn) : Optional.empty();
            for (Origin o : value.origins()) {
                if (o instanceof Table t) {
                    boolean own = initialiser && t.owner().equals(c.name);
                    boolean allowed = use == Use.READ || use == Use.HARMLESS
                            || own && (use == Use.WRITE || use == Use.FILL);
                    if (!allowed) {
                        written.add(t);
                    }
                } else if (o instanceof Origin.Fresh fresh && initialiser) {
                    if (target.isPresent() && target.get().owner().equals(c.name)) {
                        storedInto.computeIfAbsent(fresh.allocation(), k -> new HashSet<>()).add(target.get());
                    } else if (use != Use.READ && use != Use.WRITE && use != Use.HARMLESS && use != Use.FILL) {
                        leaked.add(fresh.allocation());
                    }
                }
            }
            // F = anything but a fresh array (or null), or F assigned outside C's <clinit>: not a table
            target.filter(t -> !initialiser || !t.owner().equals(c.name) || value.origins().stream()
                    .anyMatch(o -> !(o instanceof Origin.Fresh) && o != Origin.Simple.NULL)).ifPresent(written::add);
        });
    }

    private ElidedAccesses elided() {
        storedInto.forEach((allocation, into) -> {
            if (leaked.contains(allocation) || into.size() > 1) {
                written.addAll(into);
            }
        });
        Map<MethodKey, Set<Integer>> out = new HashMap<>();
        for (Read r : reads) {
            boolean table = r.origins().stream().anyMatch(o -> o instanceof Table)
                    && r.origins().stream().allMatch(o -> o instanceof Table t && !written.contains(t)
                            || o == Origin.Simple.NULL);
            if (table) {
                out.computeIfAbsent(r.method(), k -> new TreeSet<>()).add(r.bci());
            }
        }
        out.replaceAll((k, v) -> Set.copyOf(v));
        return new ElidedAccesses(Map.copyOf(out));
    }

    // ---------------------------------------------------------------- uses

    private interface UseSink {
        void use(AbstractInsnNode insn, OriginValue value, Use use);
    }

    /** Every reference value each reachable instruction of {@code m} takes from its stack, with what it does with it. */
    private void forEachUse(MethodNode m, Frame<OriginValue>[] frames, UseSink sink) {
        AbstractInsnNode[] insns = m.instructions.toArray();
        for (int i = 0; i < insns.length; i++) {
            Frame<OriginValue> f = frames[i];
            if (f == null) {
                continue;
            }
            AbstractInsnNode insn = insns[i];
            int op = insn.getOpcode();
            int top = f.getStackSize() - 1;
            BiConsumer<Integer, Use> at = (depth, use) -> sink.use(insn, f.getStack(top - depth), use);
            if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD) {
                at.accept(1, Use.READ);
            } else if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
                at.accept(2, Use.WRITE);
                if (op == Opcodes.AASTORE) {
                    at.accept(0, Use.ESCAPE);
                }
            } else if (op == Opcodes.ARRAYLENGTH || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL
                    || op == Opcodes.CHECKCAST || op == Opcodes.INSTANCEOF) {
                at.accept(0, Use.HARMLESS);
            } else if (op == Opcodes.IF_ACMPEQ || op == Opcodes.IF_ACMPNE) {
                at.accept(0, Use.HARMLESS);
                at.accept(1, Use.HARMLESS);
            } else if (op == Opcodes.PUTSTATIC) {
                at.accept(0, Use.STORE);
            } else if (op == Opcodes.ARETURN) {
                at.accept(0, Use.RETURN);
            } else if (op == Opcodes.PUTFIELD || op == Opcodes.ATHROW || op == Opcodes.MONITORENTER
                    || op == Opcodes.MONITOREXIT) {
                at.accept(0, Use.ESCAPE);
            } else if (insn instanceof MethodInsnNode || op == Opcodes.INVOKEDYNAMIC) {
                Set<Integer> filled = insn instanceof MethodInsnNode call && op == Opcodes.INVOKESTATIC
                        ? fillers.getOrDefault(call.owner + '.' + call.name + call.desc, Set.of()) : Set.of();
                List<OriginValue> arguments = OriginInterpreter.arguments(insn, f);
                for (int a = 0; a < arguments.size(); a++) {
                    sink.use(insn, arguments.get(a), filled.contains(a) ? Use.FILL : Use.ESCAPE);
                }
            }
        }
    }

    /** The dataflow's hooks: tables read, producers' results and (when finding fillers) array parameters. */
    private final class Interpreter extends OriginInterpreter {
        private final boolean parameters;

        Interpreter(boolean parameters) {
            this.parameters = parameters;
        }

        @Override
        protected Origin fieldRead(FieldInsnNode field, OriginValue receiver) {
            return receiver == null ? table(field).orElse(null) : null;
        }

        @Override
        protected Origin callResult(MethodInsnNode call) {
            return call.getOpcode() == Opcodes.INVOKESTATIC && producers.containsKey(call.owner + '.' + call.name + call.desc)
                    ? new Origin.Fresh(call) : super.callResult(call);
        }

        @Override
        protected Origin parameter(boolean isInstanceMethod, int local, Type type) {
            return parameters && type.getSort() == Type.ARRAY ? new Parameter(local) : super.parameter(isInstanceMethod,
                    local, type);
        }
    }
}
