package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassInfo;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Where the escaped set grows ({@code --elide dynamic-escape}; the BigFoot dissertation, chapter 4, the write rule
 * {@code G ∪ reachable(v, H)} for a write to an escaped object, and fork): {@code RT.escape(v)} before a reference
 * {@code v} is
 * <ul>
 * <li>stored into a field of an object that is not local (a local receiver's store needs none: what it reaches
 *     escapes with it), into a static or into an array (arrays carry no bit: they count as escaped), but for a
 *     capsule's protected array while the capsule is local (the runtime's walk follows the capsule's array fields);</li>
 * <li>handed to code that is not rewritten (the JDK's, another jar's) as an argument or receiver, or captured by an
 *     invokedynamic (a lambda): that code may keep it where another thread finds it, a thread's start included;</li>
 * <li>returned to such code: by a method overriding one of its methods (a {@code Supplier}, an {@code Iterator})
 *     unless the program's own code called it (the caller tells the thread state, the method asks at entry),
 *     by a method a method handle names (a lambda's body, {@code Foo::create}), or made by a constructor a handle
 *     names ({@code Foo::new}) or of a class with a finalizer (the JVM hands it to its finalizer thread);</li>
 * </ul>
 * and after such code returns one (an object it made by reflection or deserialisation may be one of ours). Calls
 * into the JDK that keep no reference (strings, boxes, {@code Math}, {@code Object}'s own methods, ..., and the
 * collections' reads: {@code get}, {@code contains}, {@code next}, ...) escape nothing. Each object of a bit's root class is marked local at the start of its constructors.
 */
final class EscapeBarriers {

    private EscapeBarriers() {
    }

    /**
     * JDK classes whose methods keep no reference to what they are given and return nothing of the program's they were
     * not given: calls to them escape nothing.
     */
    private static final Set<String> KEEPS_NOTHING = Set.of("java/lang/Object", "java/lang/String",
            "java/lang/StringBuilder", "java/lang/StringBuffer", "java/lang/Math", "java/lang/StrictMath",
            "java/lang/Integer", "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character",
            "java/lang/Boolean", "java/lang/Float", "java/lang/Double", "java/lang/Number", "java/util/Objects",
            "java/lang/System", "java/lang/Class", "java/lang/Enum");
    /**
     * Reads of the collections of {@code java.util} (and its subpackages): they keep nothing they are given and make
     * nothing that keeps their receiver, and return what was stored (escaped when stored); a program's collection
     * implementing them runs rewritten code. Calls of them escape nothing.
     */
    private static final Set<String> COLLECTION_READS = Set.of("get(I)Ljava/lang/Object;",
            "get(Ljava/lang/Object;)Ljava/lang/Object;", "getOrDefault(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
            "containsKey(Ljava/lang/Object;)Z", "containsValue(Ljava/lang/Object;)Z", "contains(Ljava/lang/Object;)Z",
            "indexOf(Ljava/lang/Object;)I", "lastIndexOf(Ljava/lang/Object;)I", "size()I", "isEmpty()Z", "hasNext()Z",
            "next()Ljava/lang/Object;", "peek()Ljava/lang/Object;", "getFirst()Ljava/lang/Object;",
            "getLast()Ljava/lang/Object;"); // not iterator(), views: the JDK object they make keeps the receiver
    /** First in each constructor of a bit's root class: the object is local ({@code this.__bf$local = 1}). */
    static void constructorStart(MethodContext ctx) {
        if ("<init>".equals(ctx.method.name) && ctx.cls.name().equals(bits(ctx).root(ctx.cls.name()))) {
            ctx.insertAtStart(new Code().aload(0).push(1)
                    .field(Opcodes.PUTFIELD, ctx.cls.name(), RuntimeApi.LOCAL_BIT_FIELD, "I"));
        }
    }

    /**
     * Before a reference store or a call, and after a call that returns an object from code that is not rewritten.
     * {@code uninitializedThis}: a constructor's stores before its super call, into an object nothing else can see.
     */
    static void around(MethodContext ctx, AbstractInsnNode insn, Set<AbstractInsnNode> uninitializedThis) {
        int op = insn.getOpcode();
        String protector = protectingCapsule(ctx, insn);
        if (insn instanceof FieldInsnNode f && (op == Opcodes.PUTSTATIC || op == Opcodes.PUTFIELD)) {
            if (uninitializedThis.contains(insn)) {
                return;
            }
            Type stored = typeOf(ctx, insn, 0, Type.getType(f.desc));
            if (mayLeadToProgram(ctx, stored)) {
                ctx.insertBefore(insn, op == Opcodes.PUTSTATIC ? escapeTop(ctx, stored) : beforeFieldStore(ctx, f, stored));
            } else if (op == Opcodes.PUTFIELD && protector != null && isReferenceArray(Type.getType(f.desc))) {
                // a capsule's own array: what it holds escapes with the capsule (the runtime's walk follows it)
                ctx.insertBefore(insn, unlessThisIsLocal(protector, new Code().op(Opcodes.DUP)
                        .call(RuntimeApi.ESCAPE_ELEMENTS)));
            }
        } else if (op == Opcodes.AASTORE) {
            Type stored = typeOf(ctx, insn, 0, OBJECT);
            if (mayLeadToProgram(ctx, stored)) {
                // into a capsule's protected array: only the capsule reaches it, so the value escapes with it
                Code escape = escapeTop(ctx, stored);
                ctx.insertBefore(insn, protector == null ? escape : unlessThisIsLocal(protector, escape));
            }
        } else if (insn instanceof MethodInsnNode call && isOutside(ctx, call)) {
            outsideCall(ctx, call);
        } else if (insn instanceof MethodInsnNode call && reachesOverrideOfOutside(ctx, call)) {
            tellCallee(ctx, call);
        } else if (insn instanceof InvokeDynamicInsnNode indy
                && !"java/lang/invoke/StringConcatFactory".equals(indy.bsm.getOwner())) {
            ctx.insertBefore(insn, escapeArguments(ctx, argumentTypes(ctx, insn, indy.desc), null, -1, Asked.NOBODY,
                    null, false));
        }
    }

    /**
     * A call that may run code that is not rewritten: its arguments, its receiver and its result escape. The runtime is
     * asked first, and then nothing escapes, if the call may run code rewritten with this option after all: a virtual
     * call whose method is abstract where the JDK declares it ({@code Runnable.run}, {@code Transformer.transform}) or
     * that goes to another jar, on a receiver of the program's ({@code RT.runsProgram}); a static, super or constructor
     * call into another jar's class ({@code RT.classRunsProgram}). The answer is kept in a local for the result's turn.
     */
    private static void outsideCall(MethodContext ctx, MethodInsnNode call) {
        int op = call.getOpcode();
        boolean constructor = "<init>".equals(call.name);
        Type[] args = argumentTypes(ctx, call, call.desc);
        Type receiverType = typeOf(ctx, call, args.length, Type.getObjectType(call.owner));
        boolean receiver = op != Opcodes.INVOKESTATIC && !constructor && mayLeadToProgram(ctx, receiverType);
        boolean anotherJar = !bits(ctx).isJdk(call.owner);
        boolean virtual = op == Opcodes.INVOKEVIRTUAL || op == Opcodes.INVOKEINTERFACE;
        Asked asked = virtual && receiver && (anotherJar || declaredAbstract(ctx, call.owner, call.name, call.desc))
                ? Asked.RECEIVER : anotherJar ? Asked.CLASS : Asked.NOBODY;
        int flag = asked == Asked.NOBODY ? -1 : ctx.spillBlock(slots(args) + 1) + slots(args);
        boolean result = mayLeadToProgram(ctx, Type.getReturnType(call.desc));
        ctx.insertBefore(call, escapeArguments(ctx, args, receiver ? receiverType : null, flag, asked, call, result));
        if (flag < 0) {
            if (result) {
                ctx.insertAfter(call, escapeTop(ctx, Type.getReturnType(call.desc)));
            }
            return;
        }
        if (!result) {
            return;
        }
        // the program's own code ran: its result stays local, and a call it did not take at entry is forgotten
        LabelNode done = new LabelNode();
        LabelNode escape = new LabelNode();
        ctx.insertAfter(call, new Code().load(Type.INT_TYPE, flag).jump(Opcodes.IFEQ, escape)
                .append(forgetProgramCall(ctx)).jump(Opcodes.GOTO, done).label(escape)
                .append(escapeTop(ctx, Type.getReturnType(call.desc))).label(done));
    }

    /**
     * True if {@code call}, into the program's own code, runs a method that code which is not rewritten may also call
     * and that returns an object ({@link #methodStart}): one overriding or implementing a method such code declares
     * ({@code Iterable.iterator}, {@code Supplier.get}).
     */
    private static boolean reachesOverrideOfOutside(MethodContext ctx, MethodInsnNode call) {
        return call.getOpcode() != Opcodes.INVOKESTATIC && !"<init>".equals(call.name) && !call.owner.startsWith("[")
                && mayLeadToProgram(ctx, Type.getReturnType(call.desc))
                && declaredOutside(ctx, call.owner, call.name, call.desc);
    }

    /**
     * The program calls its own override of a method code that is not rewritten declares: the callee is told its
     * caller is the program's ({@code ts.programCall(receiver)}), so what it returns stays local; a call the callee
     * did not take at entry (dispatched to a class not rewritten with this option) is forgotten after it.
     */
    private static void tellCallee(MethodContext ctx, MethodInsnNode call) {
        Type[] args = Type.getArgumentTypes(call.desc);
        int[] slots = argumentSlots(args, ctx.spillBlock(slots(args)));
        ctx.insertBefore(call, spill(args, slots).append(programCall(ctx)).append(reload(args, slots)));
        ctx.insertAfter(call, forgetProgramCall(ctx));
    }

    /** {@code [r] -> [r]}: {@code ts.programCall(r)}, the callee's caller is the program. */
    private static Code programCall(MethodContext ctx) {
        return new Code().op(Opcodes.DUP).append(ctx.threadState()).op(Opcodes.SWAP).invoke(Opcodes.INVOKEVIRTUAL,
                RuntimeApi.THREAD_STATE, RuntimeApi.PROGRAM_CALL, RuntimeApi.PROGRAM_CALL_DESC, false);
    }

    /** {@code ts.takeProgramCall(null)}: a program call the callee did not take is forgotten. */
    private static Code forgetProgramCall(MethodContext ctx) {
        return new Code().append(ctx.threadState()).op(Opcodes.ACONST_NULL).invoke(Opcodes.INVOKEVIRTUAL,
                RuntimeApi.THREAD_STATE, RuntimeApi.TAKE_PROGRAM_CALL, RuntimeApi.TAKE_PROGRAM_CALL_DESC, false)
                .op(Opcodes.POP);
    }

    /** Whom the runtime asks whether a call runs code rewritten with this option: nobody, its receiver, its class. */
    private enum Asked { NOBODY, RECEIVER, CLASS }

    /**
     * Before a return: a method whose caller may be code that is not rewritten escapes the object it returns; a
     * constructor a method handle names escapes the object it made, and so does the constructor of a class with a
     * finalizer, which the JVM hands to its finalizer thread.
     */
    static void beforeReturn(MethodContext ctx, AbstractInsnNode insn) {
        String name = ctx.method.name;
        boolean handle = bits(ctx).isHandleTarget(ctx.cls.name(), name, ctx.method.desc);
        if (insn.getOpcode() == Opcodes.RETURN && "<init>".equals(name)
                && (handle || ctx.cls.hierarchy().hasFinalizer(ctx.cls.name()))) {
            ctx.insertBefore(insn, new Code().aload(0).call(RuntimeApi.ESCAPE));
        } else if (insn.getOpcode() == Opcodes.ARETURN) {
            Type returned = typeOf(ctx, insn, 0, Type.getReturnType(ctx.method.desc));
            if (!mayLeadToProgram(ctx, returned)) {
                return;
            }
            if (handle) {
                ctx.insertBefore(insn, escapeTop(ctx, returned));
            } else if (overridesOutside(ctx)) {
                LabelNode program = new LabelNode(); // called by the program's code: its result stays the program's
                ctx.insertBefore(insn, new Code().load(Type.INT_TYPE, ctx.programCallerSlot())
                        .jump(Opcodes.IFNE, program).append(escapeTop(ctx, returned)).label(program));
            }
        }
    }

    /**
     * First in a method the JDK may call that returns an object: whether the program's code called it (its caller's
     * {@code ts.programCall}), kept for its returns.
     */
    static void methodStart(MethodContext ctx) {
        if (mayLeadToProgram(ctx, Type.getReturnType(ctx.method.desc)) && overridesOutside(ctx)
                && !bits(ctx).isHandleTarget(ctx.cls.name(), ctx.method.name, ctx.method.desc)) {
            ctx.insertAtStart(new Code().append(ctx.threadState()).aload(0).invoke(Opcodes.INVOKEVIRTUAL,
                    RuntimeApi.THREAD_STATE, RuntimeApi.TAKE_PROGRAM_CALL, RuntimeApi.TAKE_PROGRAM_CALL_DESC, false)
                    .store(Type.INT_TYPE, ctx.programCallerSlot()));
        }
    }

    /**
     * {@code [o v] -> [o v]}: escapes v, of static type {@code stored}, unless o is local (a null o is left to the
     * store's own exception); a receiver whose class carries no bit is not local.
     */
    private static Code beforeFieldStore(MethodContext ctx, FieldInsnNode store, Type stored) {
        String root = bits(ctx).root(store.owner);
        if (root == null) {
            return escapeTop(ctx, stored);
        }
        LabelNode isNull = new LabelNode();
        LabelNode done = new LabelNode();
        return new Code().op(Opcodes.DUP2).op(Opcodes.POP).op(Opcodes.DUP).jump(Opcodes.IFNULL, isNull)
                .field(Opcodes.GETFIELD, store.owner, RuntimeApi.LOCAL_BIT_FIELD, "I").jump(Opcodes.IFNE, done)
                .append(escapeTop(ctx, stored)).jump(Opcodes.GOTO, done)
                .label(isNull).op(Opcodes.POP).label(done);
    }

    /**
     * The capsule class whose location covers {@code insn} as an activation's access on {@code this} (an own field, or
     * an element of a protected array: {@link CapsuleActivations#capsuleOf}), if it carries a bit and no copy takes its
     * protected arrays' elements elsewhere; else null.
     */
    private static String protectingCapsule(MethodContext ctx, AbstractInsnNode insn) {
        String capsule = CapsuleActivations.capsuleOf(ctx, insn);
        return capsule != null && bits(ctx).root(capsule) != null && ctx.cls.env.capsules().keepsElements(capsule)
                ? capsule : null;
    }

    /** {@code code} (which leaves the stack as it was) unless {@code this}, of {@code capsule}, is local. */
    private static Code unlessThisIsLocal(String capsule, Code code) {
        LabelNode local = new LabelNode();
        return new Code().aload(0).field(Opcodes.GETFIELD, capsule, RuntimeApi.LOCAL_BIT_FIELD, "I")
                .jump(Opcodes.IFNE, local).append(code).label(local);
    }

    private static boolean isReferenceArray(Type type) {
        return type.getSort() == Type.ARRAY && type.getElementType().getSort() == Type.OBJECT && type.getDimensions() == 1;
    }

    /** {@code dup; RT.escape}: the reference on top of the stack escapes and stays there. */
    private static Code escapeTop() {
        return new Code().op(Opcodes.DUP).call(RuntimeApi.ESCAPE);
    }

    /**
     * {@link #escapeTop()} of a reference of static type {@code type}. If its objects carry a bit (a class of this run
     * with a root), the bit is read first, in line: a null or escaped one, most of them, makes no call. The bit (a
     * public field of the root) is read through {@code type} itself, or else through the root, whichever this class
     * may name: a root that is package-private in another package cannot be (derby's {@code DDLConstantAction}, the
     * root of the actions its compiler makes); if neither can, the call reads it.
     */
    private static Code escapeTop(MethodContext ctx, Type type) {
        String root = type.getSort() == Type.OBJECT ? bits(ctx).root(type.getInternalName()) : null;
        String owner = root == null ? null
                : accessible(ctx, type.getInternalName()) ? type.getInternalName() : accessible(ctx, root) ? root : null;
        if (owner == null) {
            return escapeTop();
        }
        LabelNode done = new LabelNode();
        return new Code().op(Opcodes.DUP).jump(Opcodes.IFNULL, done).op(Opcodes.DUP)
                .field(Opcodes.GETFIELD, owner, RuntimeApi.LOCAL_BIT_FIELD, "I").jump(Opcodes.IFEQ, done)
                .append(escapeTop()).label(done);
    }

    /** True if the method's class may name class {@code name}. */
    private static boolean accessible(MethodContext ctx, String name) {
        ClassInfo info = ctx.cls.hierarchy().find(name);
        return info != null && info.accessibleFrom(ctx.cls.name());
    }

    /**
     * The arguments (of types {@code args}, on top of the stack) that may lead to an object of the program escape, and
     * the receiver under them if {@code receiver}; the stack is left as it was. Only the top one needs no spilling. With
     * a {@code flag} local, the runtime is asked first ({@code asked}) whether {@code call} runs code rewritten with
     * this option; the answer is kept there, and if it does nothing escapes, and a receiver's callee is told its caller
     * is the program's if {@code tellsCallee} (it returns an object, which then stays local).
     */
    private static Code escapeArguments(MethodContext ctx, Type[] args, Type receiver, int flag, Asked asked,
            MethodInsnNode call, boolean tellsCallee) {
        int escaping = 0;
        for (Type arg : args) {
            escaping += mayLeadToProgram(ctx, arg) ? 1 : 0;
        }
        if (receiver == null && flag < 0 && escaping == 0) {
            return new Code();
        }
        if (receiver == null && flag < 0 && escaping == 1 && mayLeadToProgram(ctx, args[args.length - 1])) {
            return escapeTop(ctx, args[args.length - 1]); // only the argument on top
        }
        int[] slots = argumentSlots(args, ctx.spillBlock(slots(args) + (flag < 0 ? 0 : 1)));
        Code code = spill(args, slots);
        LabelNode reload = new LabelNode();
        if (asked == Asked.RECEIVER) {
            code.op(Opcodes.DUP).ldc(call.name + call.desc).call(RuntimeApi.RUNS_PROGRAM);
        } else if (asked == Asked.CLASS) {
            code.ldc(Type.getObjectType(call.owner)).ldc(call.name + call.desc).call(RuntimeApi.CLASS_RUNS_PROGRAM);
        }
        if (flag >= 0) {
            code.op(Opcodes.DUP).store(Type.INT_TYPE, flag).jump(Opcodes.IFNE, reload);
        }
        if (receiver != null) {
            code.append(escapeTop(ctx, receiver));
        }
        for (int i = 0; i < args.length; i++) {
            if (mayLeadToProgram(ctx, args[i])) {
                code.load(args[i], slots[i]).append(escapeTop(ctx, args[i])).op(Opcodes.POP);
            }
        }
        code.label(reload);
        if (asked == Asked.RECEIVER && tellsCallee) { // the callee (the JDK may call it; it returns an object) learns its caller
            LabelNode jdk = new LabelNode();
            code.load(Type.INT_TYPE, flag).jump(Opcodes.IFEQ, jdk).append(programCall(ctx)).label(jdk);
        }
        return code.append(reload(args, slots));
    }

    /** The local of each argument of types {@code args}, spilled from {@code base} on. */
    private static int[] argumentSlots(Type[] args, int base) {
        int[] slots = new int[args.length];
        for (int i = 0, next = base; i < args.length; next += args[i].getSize(), i++) {
            slots[i] = next;
        }
        return slots;
    }

    /** Stores the arguments on top of the stack into their {@code slots}, the last one first. */
    private static Code spill(Type[] args, int[] slots) {
        Code code = new Code();
        for (int i = args.length - 1; i >= 0; i--) {
            code.store(args[i], slots[i]);
        }
        return code;
    }

    /** Loads the arguments back from their {@code slots}, in order. */
    private static Code reload(Type[] args, int[] slots) {
        Code code = new Code();
        for (int i = 0; i < args.length; i++) {
            code.load(args[i], slots[i]);
        }
        return code;
    }

    private static final Type OBJECT = Type.getObjectType("java/lang/Object");

    /**
     * The static type of the reference {@code depth} values below the top of the stack before {@code insn}: a class
     * the original code shows it to be an instance of ({@link ValueTypes}) where that says more than {@code declared},
     * the type the instruction names ({@code BigDecimal} for an argument {@code equals(Object)} is given; the value's
     * class for an {@code aastore}; an array, which carries no bit); else {@code declared}. An interface says nothing:
     * the verifier lets any object pass for one.
     */
    private static Type typeOf(MethodContext ctx, AbstractInsnNode insn, int depth, Type declared) {
        Type known = ctx.valueTypes().at(insn, depth);
        if (known == null || known.equals(declared)) {
            return declared;
        }
        if (known.getSort() == Type.ARRAY) {
            return known;
        }
        ClassInfo info = ctx.cls.hierarchy().find(known.getInternalName());
        return info == null || info.isInterface() ? declared : known;
    }

    /** The argument types of a call of descriptor {@code desc} at {@code call}, each as {@link #typeOf} has it. */
    private static Type[] argumentTypes(MethodContext ctx, AbstractInsnNode call, String desc) {
        Type[] args = Type.getArgumentTypes(desc);
        for (int i = 0; i < args.length; i++) {
            args[i] = args[i].getSort() == Type.OBJECT ? typeOf(ctx, call, args.length - 1 - i, args[i]) : args[i];
        }
        return args;
    }

    private static int slots(Type[] args) {
        int size = 0;
        for (Type t : args) {
            size += t.getSize();
        }
        return size;
    }

    /**
     * True if a value of {@code type} may be, or lead through its fields to, a local object: a reference that is not
     * an array (arrays carry no bit, and what is stored into one escapes), nor of a JDK class none of whose objects
     * can carry a bit ({@link EscapeBits#mayBeLocal}: {@code String}, {@code BigDecimal}, {@code HashMap}; an object
     * without a bit never holds a local one either).
     */
    private static boolean mayLeadToProgram(MethodContext ctx, Type type) {
        return type.getSort() == Type.OBJECT && bits(ctx).mayBeLocal(type.getInternalName());
    }

    /**
     * True if {@code call} may run code that is not rewritten and may keep what it is given: its owner is not a class
     * this run rewrites, or the method the call resolves to is declared by such a class (a superclass's, or an
     * interface's default method); not a JDK class that keeps nothing.
     */
    private static boolean isOutside(MethodContext ctx, MethodInsnNode call) {
        if (call.owner.startsWith("[") || KEEPS_NOTHING.contains(call.owner)
                || call.owner.startsWith("java/util/") && COLLECTION_READS.contains(call.name + call.desc)) {
            return false;
        }
        EscapeBits bits = bits(ctx);
        String c = call.owner;
        while (bits.isRewritten(c)) {
            ClassInfo info = ctx.cls.hierarchy().find(c);
            if (info == null) {
                return true;
            }
            if (info.declaresMethod(call.name, call.desc)) {
                return false; // the program's own method (overrides are the program's too)
            }
            if (info.isInterface() || info.superName() == null) {
                break;
            }
            c = info.superName();
        }
        if (!bits.isRewritten(c) && !KEEPS_NOTHING.contains(c)) {
            return true; // inherited from a superclass that is not rewritten
        }
        return declaredOutside(ctx, call.owner, call.name, call.desc);
    }

    /**
     * True if the method overrides or implements a method declared by a type this run does not rewrite (other than
     * {@code Object}): code that is not rewritten may call it.
     */
    private static boolean overridesOutside(MethodContext ctx) {
        if ((ctx.method.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0 || ctx.method.name.startsWith("<")) {
            return false;
        }
        ClassInfo self = ctx.cls.hierarchy().find(ctx.cls.name());
        return self == null || declaredOutside(ctx, ctx.cls.name(), ctx.method.name, ctx.method.desc);
    }

    /**
     * True if a proper supertype of {@code type} that this run does not rewrite, other than the JDK classes that keep
     * nothing, declares {@code name desc} (or cannot be read).
     */
    private static boolean declaredOutside(MethodContext ctx, String type, String name, String desc) {
        EscapeBits bits = bits(ctx);
        Deque<String> types = new ArrayDeque<>(supertypes(ctx, type));
        Set<String> seen = new HashSet<>();
        while (!types.isEmpty()) {
            String t = types.pop();
            if (!seen.add(t) || KEEPS_NOTHING.contains(t)) {
                continue;
            }
            ClassInfo info = ctx.cls.hierarchy().find(t);
            if (info == null || !bits.isRewritten(t) && info.declaresMethod(name, desc)) {
                return true;
            }
            types.addAll(supertypes(ctx, t));
        }
        return false;
    }

    /**
     * True if the nearest declaration of {@code name desc} from {@code owner} up (its superclasses first, then its
     * interfaces) is abstract: what runs is the receiver's class's implementation.
     */
    private static boolean declaredAbstract(MethodContext ctx, String owner, String name, String desc) {
        Deque<String> types = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        while (!types.isEmpty()) {
            String t = types.removeFirst();
            ClassInfo info = seen.add(t) ? ctx.cls.hierarchy().find(t) : null;
            if (info == null) {
                continue;
            }
            if (info.declaresMethod(name, desc)) {
                return info.declaresAbstract(name, desc);
            }
            if (info.superName() != null) {
                types.addFirst(info.superName());
            }
            types.addAll(info.interfaces());
        }
        return false;
    }

    private static Set<String> supertypes(MethodContext ctx, String type) {
        ClassInfo info = ctx.cls.hierarchy().find(type);
        Set<String> supertypes = new HashSet<>();
        if (info != null) {
            if (info.superName() != null) {
                supertypes.add(info.superName());
            }
            supertypes.addAll(info.interfaces());
        }
        return supertypes;
    }

    private static EscapeBits bits(MethodContext ctx) {
        return ctx.cls.env.escapeBits();
    }
}
