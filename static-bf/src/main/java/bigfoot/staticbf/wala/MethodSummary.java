package bigfoot.staticbf.wala;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.shrike.shrikeBT.IInvokeInstruction;
import com.ibm.wala.shrike.shrikeCT.BootstrapMethodsReader.BootstrapMethod;
import com.ibm.wala.shrike.shrikeCT.ConstantPoolParser;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAFieldAccessInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAInvokeDynamicInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.TypeReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the whole-program analyses read of one analysed method's body, read from its IR once: its calls (in the IR's
 * order), the lambdas it creates, what its own instructions do to the kill sets ([Call]: monitors, volatile accesses,
 * first uses of other application classes) and what they store (MOD-SET). Summaries are kept in the cache with their
 * class ({@link #encode}), so a re-run builds the IRs of the classes that changed only. What the own kill set says
 * depends on the class hierarchy's answers, so a kept summary holds only for a program of the same shape (the
 * classes' headers, fields and method signatures) and classpath.
 *
 * @param hasBody       false for a method without an IR (native, or none could be built): it may do anything
 * @param own           the kill set of the method's own instructions (its synchronized flag and the library model's
 *                      task bodies aside: {@link KillSets} adds those)
 * @param fieldStores   the fields it stores, by {@link #fieldKey}
 * @param elementStores the element types of the arrays it stores into, by {@link #elementKey}
 */
public record MethodSummary(boolean hasBody, KillSet own, List<CallSite> calls, List<LambdaSite> lambdas,
        Set<String> fieldStores, Set<String> elementStores) {

    /** A method without an IR. */
    public static final MethodSummary NO_BODY = new MethodSummary(false, KillSet.BOTH, List.of(), List.of(), Set.of(),
            Set.of());

    /** What an invoke instruction is, besides its site. */
    public enum Kind {
        INVOKE,
        /** An invokedynamic creating a lambda. */
        LAMBDA,
        /** An invokedynamic of javac's string concatenation ({@code StringConcatFactory}). */
        STRING_CONCATENATION,
        /** Any other invokedynamic. */
        INVOKEDYNAMIC
    }

    /** One call: its site (program counter, declared target, dispatch) and its kind. */
    public record CallSite(CallSiteReference site, Kind kind) {
        public boolean isInvokeDynamic() {
            return kind != Kind.INVOKE;
        }
    }

    /** A lambda the method creates: the functional interface and method it implements, and its body. */
    public record LambdaSite(TypeReference functionalInterface, String methodName, MethodReference body) {
    }

    /** The summary of the method of {@code ir}. */
    static MethodSummary of(IR ir, IClassHierarchy cha) {
        IMethod m = ir.getMethod();
        KillSet own = KillSet.NONE;
        List<CallSite> calls = new ArrayList<>();
        List<LambdaSite> lambdas = new ArrayList<>();
        Set<String> fields = new LinkedHashSet<>();
        Set<String> elements = new LinkedHashSet<>();
        for (SSAInstruction insn : ir.getInstructions()) {
            if (insn instanceof SSAMonitorInstruction monitor) {
                own = own.union(monitor.isMonitorEnter() ? KillSet.ACQUIRE : KillSet.RELEASE);
            } else if (insn instanceof SSAFieldAccessInstruction access) {
                own = own.union(volatileAccess(access, cha));
                if (access.isStatic()) {
                    IField field = cha.resolveField(access.getDeclaredField());
                    own = own.union(classInitialization(m, field == null ? null : field.getDeclaringClass()));
                }
                if (insn instanceof SSAPutInstruction put) {
                    fields.add(fieldKey(put.getDeclaredField()));
                }
            } else if (insn instanceof SSANewInstruction allocation && !allocation.getConcreteType().isArrayType()) {
                own = own.union(classInitialization(m, cha.lookupClass(allocation.getConcreteType())));
            } else if (insn instanceof SSAArrayStoreInstruction store) {
                elements.add(elementKey(store.getElementType()));
            } else if (insn instanceof SSAAbstractInvokeInstruction call) {
                if (call.isStatic()) {
                    IMethod target = cha.resolveMethod(call.getDeclaredTarget());
                    own = own.union(classInitialization(m, target == null ? null : target.getDeclaringClass()));
                }
                calls.add(new CallSite(call.getCallSite(), kind(call)));
                if (call instanceof SSAInvokeDynamicInstruction indy && indy.getBootstrap().isBootstrapForJavaLambdas()) {
                    MethodReference body = implementation(indy.getBootstrap(), m.getDeclaringClass());
                    if (body != null) {
                        lambdas.add(new LambdaSite(indy.getDeclaredResultType(),
                                indy.getDeclaredTarget().getName().toString(), body));
                    }
                }
            }
        }
        return new MethodSummary(true, own, List.copyOf(calls), List.copyOf(lambdas), Set.copyOf(fields),
                Set.copyOf(elements));
    }

    /** A stored field's key: name and type (a store to any field that may be the loaded one, any class). */
    public static String fieldKey(FieldReference field) {
        return field.getName() + ":" + field.getFieldType().getName();
    }

    /** An array's element type; all reference types are one (an {@code Object[]} store may hit a {@code String[]}). */
    public static String elementKey(TypeReference element) {
        return element.isPrimitiveType() ? element.getName().toString() : "L";
    }

    private static Kind kind(SSAAbstractInvokeInstruction call) {
        if (!(call instanceof SSAInvokeDynamicInstruction indy)) {
            return Kind.INVOKE;
        }
        if (indy.getBootstrap().isBootstrapForJavaLambdas()) {
            return Kind.LAMBDA;
        }
        return indy.getBootstrap().methodClass().equals("java/lang/invoke/StringConcatFactory")
                ? Kind.STRING_CONCATENATION : Kind.INVOKEDYNAMIC;
    }

    /**
     * CLASS INIT: the first use (new, static access, static call) of a rewritten (application) class runs its
     * {@code <clinit>}, which the runtime ends with a release, and a thread's first use of a class another thread
     * initialised joins the end of that initialisation, an acquire (as at the call site: BigFootMethod); so it may
     * do both, unless it is the running method's own class or a superclass of it (initialised before the method
     * could run).
     */
    private static KillSet classInitialization(IMethod running, IClass used) {
        if (used == null || !used.getClassLoader().getReference().equals(ClassLoaderReference.Application)) {
            return KillSet.NONE;
        }
        for (IClass c = running.getDeclaringClass(); c != null; c = c.getSuperclass()) {
            if (c.equals(used)) {
                return KillSet.NONE;
            }
        }
        return KillSet.BOTH;
    }

    /** VOLATILE READ = acquire after the read, VOLATILE WRITE = release before the write. */
    private static KillSet volatileAccess(SSAFieldAccessInstruction access, IClassHierarchy cha) {
        IField field = cha.resolveField(access.getDeclaredField());
        if (field == null) {
            // an excluded JDK class's field is library state; any other unknown field may be volatile
            return ProgramCalls.isExcludedJdk(access.getDeclaredField().getDeclaringClass().getName().toString())
                    ? KillSet.NONE : KillSet.BOTH;
        }
        if (!field.isVolatile()) {
            return KillSet.NONE;
        }
        return access instanceof SSAGetInstruction ? KillSet.ACQUIRE : KillSet.RELEASE;
    }

    /** The method handle in bootstrap argument 1 of LambdaMetafactory.metafactory / altMetafactory. */
    private static MethodReference implementation(BootstrapMethod bootstrap, IClass creator) {
        try {
            ConstantPoolParser cp = bootstrap.getCP();
            int handle = bootstrap.callArgumentIndex(1);
            TypeReference owner = TypeReference.findOrCreate(
                    creator.getClassLoader().getReference(), "L" + cp.getCPHandleClass(handle));
            return MethodReference.findOrCreate(owner, cp.getCPHandleName(handle), cp.getCPHandleType(handle));
        } catch (InvalidClassFileException e) {
            return null; // a malformed bootstrap entry; WALA's own lambda support gives up on it too
        }
    }

    /** Writes this summary for {@link #decode}. */
    public void encode(Encoder out) {
        out.writeBoolean(hasBody).writeInt(own.ordinal()).writeInt(calls.size());
        for (CallSite c : calls) {
            out.writeInt(c.site().getProgramCounter()).writeInt(c.kind().ordinal())
                    .writeString(((IInvokeInstruction.Dispatch) c.site().getInvocationCode()).name());
            encode(c.site().getDeclaredTarget(), out);
        }
        encodeLambdas(lambdas, out);
        writeStrings(fieldStores, out);
        writeStrings(elementStores, out);
    }

    /** The summary {@link #encode} wrote. */
    public static MethodSummary decode(Decoder in) throws Decoder.Malformed {
        boolean hasBody = in.readBoolean();
        KillSet own = KillSet.values()[index(in.readInt(), KillSet.values().length)];
        List<CallSite> calls = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            int pc = in.readInt();
            Kind kind = Kind.values()[index(in.readInt(), Kind.values().length)];
            IInvokeInstruction.Dispatch dispatch;
            try {
                dispatch = IInvokeInstruction.Dispatch.valueOf(in.readString());
            } catch (IllegalArgumentException e) {
                throw new Decoder.Malformed("unknown dispatch");
            }
            calls.add(new CallSite(CallSiteReference.make(pc, decodeMethod(in), dispatch), kind));
        }
        return new MethodSummary(hasBody, own, List.copyOf(calls), decodeLambdas(in), readStrings(in),
                readStrings(in));
    }

    /** Writes the lambdas a method creates ({@link #lambdas}) for {@link #decodeLambdas}. */
    public static void encodeLambdas(List<LambdaSite> lambdas, Encoder out) {
        out.writeInt(lambdas.size());
        for (LambdaSite l : lambdas) {
            encode(l.functionalInterface(), out);
            out.writeString(l.methodName());
            encode(l.body(), out);
        }
    }

    /** The lambdas {@link #encodeLambdas} wrote. */
    public static List<LambdaSite> decodeLambdas(Decoder in) throws Decoder.Malformed {
        List<LambdaSite> lambdas = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            lambdas.add(new LambdaSite(decodeType(in), in.readString(), decodeMethod(in)));
        }
        return List.copyOf(lambdas);
    }

    private static int index(int i, int size) throws Decoder.Malformed {
        if (i < 0 || i >= size) {
            throw new Decoder.Malformed("no value " + i);
        }
        return i;
    }

    private static void encode(TypeReference type, Encoder out) {
        out.writeString(type.getClassLoader().getName().toString()).writeString(type.getName().toString());
    }

    private static void encode(MethodReference method, Encoder out) {
        encode(method.getDeclaringClass(), out);
        out.writeString(method.getName().toString()).writeString(method.getDescriptor().toString());
    }

    private static TypeReference decodeType(Decoder in) throws Decoder.Malformed {
        String loader = in.readString();
        ClassLoaderReference ref = List.of(ClassLoaderReference.Application, ClassLoaderReference.Extension,
                        ClassLoaderReference.Primordial).stream().filter(l -> l.getName().toString().equals(loader))
                .findFirst().orElseThrow(() -> new Decoder.Malformed("unknown class loader " + loader));
        return TypeReference.findOrCreate(ref, in.readString());
    }

    private static MethodReference decodeMethod(Decoder in) throws Decoder.Malformed {
        TypeReference owner = decodeType(in);
        return MethodReference.findOrCreate(owner, in.readString(), in.readString());
    }

    /** Sorted: a summary's encoding is the same whatever set it was read into (the summaries' digests read it). */
    private static void writeStrings(Set<String> strings, Encoder out) {
        out.writeInt(strings.size());
        new TreeSet<>(strings).forEach(out::writeString);
    }

    private static Set<String> readStrings(Decoder in) throws Decoder.Malformed {
        Set<String> strings = new LinkedHashSet<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            strings.add(in.readString());
        }
        return Set.copyOf(strings);
    }
}
