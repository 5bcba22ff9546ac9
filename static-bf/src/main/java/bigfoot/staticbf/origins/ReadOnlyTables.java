package bigfoot.staticbf.origins;

import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.MethodKey;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.origins.ArrayHelpers.Use;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
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
 * <em>producer</em> ({@link ArrayHelpers});</li>
 * <li>in C's {@code <clinit>}, F's value and the arrays stored into it go only to element accesses, {@code arraylength},
 * comparisons, the JDK's copiers and <em>fillers</em> ({@link ArrayHelpers});</li>
 * <li>everywhere else F's value goes only to element reads, {@code arraylength}, comparisons and copies from it: no
 * store, other call, return or throw.</li>
 * </ul>
 * The element reads through such tables outside C's {@code <clinit>} are the elided accesses. Code outside the input
 * can only reach F by reflection, which this does not see.
 */
public final class ReadOnlyTables {

    /** A read of candidate table {@code name} of class {@code owner}. */
    private record Table(String owner, String name) implements Origin {
    }

    private static final String CLINIT = "<clinit>";

    /** Every class file of the input, each with its bytecode offsets: all versions of a multi-release class. */
    private final Map<ClassNode, BytecodeOffsets> classes = new IdentityHashMap<>();
    /** Class name -> how many versions of it the input has. */
    private final Map<String, Integer> versions = new HashMap<>();
    private final FieldResolver fields;
    /** Class -> its private static final array fields. */
    private final Map<String, Set<String>> candidates = new HashMap<>();
    private ArrayHelpers helpers;
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
        t.helpers = ArrayHelpers.of(t.classes.keySet());
        t.classes.keySet().forEach(c -> c.methods.forEach(m -> t.follow(c, m)));
        return t.elided();
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
        Optional<Frame<OriginValue>[]> analysed = new Interpreter().frames(c.name, m);
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
        helpers.forEachUse(m, analysed.get(), (insn, value, use) -> {
            if (use == Use.READ && !versioned && value.origins().stream().anyMatch(o -> o instanceof Table t
                    && !(initialiser && t.owner().equals(c.name)))) {
                reads.add(new Read(method, bcis.get(insn), value.origins()));
            }
            Optional<Table> target = use == Use.STORE ? table((FieldInsnNode) insn) : Optional.empty();
            for (Origin o : value.origins()) {
                if (o instanceof Table t) {
                    boolean own = initialiser && t.owner().equals(c.name);
                    boolean allowed = use == Use.READ || use == Use.HARMLESS || use == Use.COPY_FROM
                            || own && use.keeps();
                    if (!allowed) {
                        written.add(t);
                    }
                } else if (o instanceof Origin.Fresh fresh && initialiser) {
                    if (target.isPresent() && target.get().owner().equals(c.name)) {
                        storedInto.computeIfAbsent(fresh.allocation(), k -> new HashSet<>()).add(target.get());
                    } else if (!use.keeps()) {
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

    /** The dataflow's hooks: tables read, producers' results. */
    private final class Interpreter extends OriginInterpreter {

        @Override
        protected Origin fieldRead(FieldInsnNode field, OriginValue receiver) {
            return receiver == null ? table(field).orElse(null) : null;
        }

        @Override
        protected Origin callResult(MethodInsnNode call) {
            return helpers.produces(call) ? new Origin.Fresh(call) : super.callResult(call);
        }
    }
}
