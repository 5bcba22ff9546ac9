package bigfoot.staticbf.origins;

import bigfoot.staticbf.jdk.ArrayCopiers;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The input's methods that the array analyses ({@link ReadOnlyTables}, capsule-protected arrays) see through:
 * <ul>
 * <li><em>producers</em>: methods returning arrays that they made and handed to nobody but element accesses, the JDK's
 * copiers and fillers: a call of one gives a fresh array, as an allocation does. A call names its producer if it
 * cannot dispatch elsewhere: a static or private method, or a final one, or one of a final class.</li>
 * <li><em>fillers</em>: static methods whose array parameters go only to element accesses, {@code arraylength},
 * comparisons and the JDK's copiers ({@link ArrayCopiers}): passing an array to one hands it to nobody. A filler is
 * <em>release-free</em> if nothing in it can end its thread's epoch (no monitor, no call but the JDK's copiers that
 * run no code of the program, no field write, no first use of another class), and it <em>reads</em> a parameter that
 * it never writes.</li>
 * </ul>
 * Neither is followed into other methods of the input (a filler calling a filler is no filler). Every version of a
 * multi-release class must qualify.
 */
public final class ArrayHelpers {

    /** What an instruction does with a reference value it takes from the stack. */
    enum Use { READ, WRITE, HARMLESS, COPY_FROM, COPY_INTO, FILL, RETURN, STORE, ESCAPE;

        /** True if the value stays where it is: an element access, a comparison, a JDK copier, a filler. */
        boolean keeps() {
            return this != RETURN && this != STORE && this != ESCAPE;
        }
    }

    /** Where an {@link #forEachUse} walk reports each use. */
    interface UseSink {
        void use(AbstractInsnNode insn, OriginValue value, Use use);
    }

    /**
     * A filler: its confined array arguments (by index), those it writes, those whose elements it copies into another
     * array (a JDK copier's source), and whether it is release-free.
     */
    private record Filler(Set<Integer> confined, Set<Integer> written, Set<Integer> copied, boolean releaseFree) {
        Filler and(Filler other) { // every version of a multi-release class
            Set<Integer> both = new HashSet<>(confined);
            both.retainAll(other.confined);
            Set<Integer> writes = new HashSet<>(written);
            writes.addAll(other.written);
            Set<Integer> copies = new HashSet<>(copied);
            copies.addAll(other.copied);
            return new Filler(both, writes, copies, releaseFree && other.releaseFree);
        }
    }

    /** An array parameter at entry, in the local it arrives in. */
    private record Parameter(int local) implements Origin {
    }

    private final Map<String, Filler> fillers = new HashMap<>();
    private final Set<String> producers = new HashSet<>();
    /** Methods whose calls cannot dispatch to another method: static, private, final or of a final class. */
    private final Set<String> exact = new HashSet<>();

    private ArrayHelpers() {
    }

    /** The producers and fillers among the methods of {@code classes} (all versions of multi-release classes). */
    public static ArrayHelpers of(Collection<ClassNode> classes) {
        ArrayHelpers h = new ArrayHelpers();
        h.findFillers(classes);
        h.findProducers(classes);
        return h;
    }

    private static String key(String owner, String name, String desc) {
        return owner + '.' + name + desc;
    }

    private static boolean isStatic(MethodNode m) {
        return (m.access & Opcodes.ACC_STATIC) != 0;
    }

    /** True if {@code call} gives a fresh array: its method is a producer and the call cannot dispatch elsewhere. */
    public boolean produces(MethodInsnNode call) {
        String key = key(call.owner, call.name, call.desc);
        if (!producers.contains(key)) {
            return false;
        }
        return switch (call.getOpcode()) {
            case Opcodes.INVOKESTATIC -> true;
            case Opcodes.INVOKESPECIAL -> !call.name.equals("<init>");
            case Opcodes.INVOKEVIRTUAL -> exact.contains(key);
            default -> false;
        };
    }

    /** The arguments (by index) that static call {@code call} hands to a filler, which keeps them to itself. */
    private Set<Integer> filled(MethodInsnNode call) {
        Filler f = call.getOpcode() == Opcodes.INVOKESTATIC ? fillers.get(key(call.owner, call.name, call.desc)) : null;
        return f == null ? Set.of() : f.confined();
    }

    /** True if {@code call} hands its argument {@code argument} to a release-free filler that only reads it. */
    public boolean onlyReads(MethodInsnNode call, int argument) {
        Filler f = call.getOpcode() == Opcodes.INVOKESTATIC ? fillers.get(key(call.owner, call.name, call.desc)) : null;
        return f != null && f.releaseFree() && f.confined().contains(argument) && !f.written().contains(argument);
    }

    /**
     * True if {@code call} hands its argument {@code argument} to a filler that may copy its elements into another array
     * (its source for {@code System.arraycopy}).
     */
    public boolean copiesFrom(MethodInsnNode call, int argument) {
        Filler f = call.getOpcode() == Opcodes.INVOKESTATIC ? fillers.get(key(call.owner, call.name, call.desc)) : null;
        return f != null && f.copied().contains(argument);
    }

    // ---------------------------------------------------------------- finding them

    private void findFillers(Collection<ClassNode> classes) {
        for (ClassNode c : classes) {
            for (MethodNode m : c.methods) {
                Type[] parameters = Type.getArgumentTypes(m.desc);
                if (!isStatic(m) || m.instructions.size() == 0
                        || Arrays.stream(parameters).noneMatch(p -> p.getSort() == Type.ARRAY)) {
                    continue;
                }
                Map<Integer, Integer> argumentOfLocal = new HashMap<>();
                for (int i = 0, local = 0; i < parameters.length; local += parameters[i].getSize(), i++) {
                    if (parameters[i].getSort() == Type.ARRAY) {
                        argumentOfLocal.put(local, i);
                    }
                }
                Set<Integer> confined = new HashSet<>(argumentOfLocal.values());
                Set<Integer> written = new HashSet<>();
                Set<Integer> copied = new HashSet<>();
                Optional<Frame<OriginValue>[]> frames = new Finder(true).frames(c.name, m);
                if (frames.isEmpty()) {
                    confined.clear();
                } else {
                    forEachUse(m, frames.get(), (insn, value, use) -> value.origins().forEach(o -> {
                        if (o instanceof Parameter p) {
                            Integer argument = argumentOfLocal.get(p.local());
                            if (use == Use.WRITE || use == Use.COPY_INTO) {
                                written.add(argument);
                            } else if (use == Use.COPY_FROM) {
                                copied.add(argument);
                            } else if (use != Use.READ && use != Use.HARMLESS) {
                                confined.remove(argument);
                            }
                        }
                    }));
                }
                fillers.merge(key(c.name, m.name, m.desc), new Filler(confined, written, copied, releaseFree(c.name, m)),
                        Filler::and);
            }
        }
        fillers.values().removeIf(f -> f.confined().isEmpty());
    }

    /**
     * True if nothing in static method {@code m} of {@code owner} can end the thread's epoch: no monitor, no call but
     * the JDK's copiers, no invokedynamic, no field write (it may be volatile) and no first use of another class
     * (a {@code new}, another class's static field: its initialiser ends with a release).
     */
    private static boolean releaseFree(String owner, MethodNode m) {
        if ((m.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
            return false;
        }
        for (AbstractInsnNode insn : m.instructions) {
            int op = insn.getOpcode();
            boolean free = switch (op) {
                case Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.INVOKEDYNAMIC, Opcodes.NEW, Opcodes.PUTFIELD,
                        Opcodes.PUTSTATIC -> false;
                case Opcodes.GETSTATIC -> ((FieldInsnNode) insn).owner.equals(owner);
                case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE ->
                        copiesOnly((MethodInsnNode) insn);
                default -> true;
            };
            if (!free) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if {@code call} runs no code of the program: {@code System.arraycopy}, {@code Arrays.fill}, {@code copyOf}
     * and {@code copyOfRange}, and the other {@code Arrays} methods on primitives only ({@code equals},
     * {@code sort} and the like on objects call their {@code equals}, {@code compareTo} or a comparator).
     */
    private static boolean copiesOnly(MethodInsnNode call) {
        if (call.owner.equals("java/lang/System")) {
            return call.name.equals("arraycopy");
        }
        return call.owner.equals("java/util/Arrays") && (call.name.equals("fill") || call.name.startsWith("copyOf")
                || call.desc.indexOf('L') < 0);
    }

    /**
     * Methods returning arrays that they made and handed to nobody but element accesses, copiers and fillers; a
     * producer's result may come from another producer, so this runs until no more are found.
     */
    private void findProducers(Collection<ClassNode> classes) {
        boolean grew = true;
        while (grew) {
            Map<String, Boolean> found = new HashMap<>();
            for (ClassNode c : classes) {
                for (MethodNode m : c.methods) {
                    if (Type.getReturnType(m.desc).getSort() != Type.ARRAY || m.instructions.size() == 0) {
                        continue;
                    }
                    String key = key(c.name, m.name, m.desc);
                    if ((m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL)) != 0
                            || (c.access & Opcodes.ACC_FINAL) != 0) {
                        exact.add(key);
                    }
                    found.merge(key, returnsFresh(c.name, m), Boolean::logicalAnd);
                }
            }
            found.values().removeIf(producer -> !producer);
            grew = producers.addAll(found.keySet());
        }
    }

    /** True if {@code m} returns arrays that it made (or null), and hands them to nobody else. */
    private boolean returnsFresh(String owner, MethodNode m) {
        Optional<Frame<OriginValue>[]> frames = new Finder(false).frames(owner, m);
        Set<Origin> returned = new HashSet<>();
        Set<Origin> escaping = new HashSet<>();
        frames.ifPresent(f -> forEachUse(m, f, (insn, value, use) -> {
            if (use == Use.RETURN) {
                returned.addAll(value.origins());
            } else if (!use.keeps()) {
                escaping.addAll(value.origins());
            }
        }));
        return returned.stream().anyMatch(o -> o instanceof Origin.Fresh)
                && returned.stream().allMatch(o -> o instanceof Origin.Fresh || o == Origin.Simple.NULL)
                && Collections.disjoint(returned, escaping);
    }

    // ---------------------------------------------------------------- uses

    /** Every reference value each reachable instruction of {@code m} takes from its stack, with what it does with it. */
    void forEachUse(MethodNode m, Frame<OriginValue>[] frames, UseSink sink) {
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
            } else if (insn instanceof MethodInsnNode call) {
                callUses(call, OriginInterpreter.arguments(insn, f), sink);
            } else if (op == Opcodes.INVOKEDYNAMIC) {
                OriginInterpreter.arguments(insn, f).forEach(v -> sink.use(insn, v, Use.ESCAPE));
            }
        }
    }

    private void callUses(MethodInsnNode call, List<OriginValue> arguments, UseSink sink) {
        Set<Integer> filled = filled(call);
        Type[] parameters = Type.getArgumentTypes(call.desc);
        int receiver = call.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1;
        for (int a = 0; a < arguments.size(); a++) {
            Use use;
            if (a >= receiver && ArrayCopiers.keeps(call.owner, call.name, parameters[a - receiver].getDescriptor())) {
                use = ArrayCopiers.writes(call.owner, call.name, a) ? Use.COPY_INTO : Use.COPY_FROM;
            } else {
                use = filled.contains(a) ? Use.FILL : Use.ESCAPE;
            }
            sink.use(call, arguments.get(a), use);
        }
    }

    /** The finders' dataflow: producers found so far give fresh arrays; array parameters are followed for fillers. */
    private final class Finder extends OriginInterpreter {
        private final boolean parameters;

        Finder(boolean parameters) {
            this.parameters = parameters;
        }

        @Override
        protected Origin callResult(MethodInsnNode call) {
            return produces(call) ? new Origin.Fresh(call) : super.callResult(call);
        }

        @Override
        protected Origin parameter(boolean isInstanceMethod, int local, Type type) {
            return parameters && type.getSort() == Type.ARRAY ? new Parameter(local)
                    : super.parameter(isInstanceMethod, local, type);
        }
    }
}
