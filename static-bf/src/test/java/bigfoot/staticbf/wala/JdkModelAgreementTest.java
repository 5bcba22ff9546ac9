package bigfoot.staticbf.wala;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.staticbf.TestJars;
import bigfoot.staticbf.jdk.JdkSyncModel;
import bigfoot.staticbf.jdk.SyncMethod;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The rewriter and the kill sets agree on every public method of the JDK's concurrency, collection and stream
 * classes: a class is generated with one call of each (java.util, java.util.concurrent and its subpackages,
 * java.util.stream, and the java.lang classes the model names), rewritten by StaticBF, and the side of the events
 * the rewriter put around each call must be in the kill set the analysis gives that call (KillSets over the
 * generated jar's call graph: else the analysis could move a check across an event). And every name in the model's
 * entries with events is a real method's (a misspelt name or descriptor would match none).
 */
class JdkModelAgreementTest {

    private static final List<String> PACKAGES = List.of("java/util", "java/util/concurrent",
            "java/util/concurrent/atomic", "java/util/concurrent/locks", "java/util/stream");
    private static final List<String> CLASSES = List.of("java.lang.Object", "java.lang.Thread", "java.lang.System",
            "java.lang.Runtime", "java.lang.Class", "java.lang.reflect.Method", "java.lang.reflect.Constructor",
            "java.lang.invoke.MethodHandle", "java.lang.invoke.VarHandle");
    private static final int CALLS_PER_CLASS = 800;
    /** Methods Java 21 added, of classes older JDKs have. */
    private static final Set<String> JAVA_21 = Set.of("startVirtualThread");

    /** Which side each runtime entry the rewriter can put around a library call is on. */
    private static final Map<String, KillSet> ENTRY_SIDES = Map.ofEntries(
            Map.entry("acquire", KillSet.ACQUIRE), Map.entry("join", KillSet.ACQUIRE),
            Map.entry("isAlive", KillSet.ACQUIRE), Map.entry("waitAfter", KillSet.ACQUIRE),
            Map.entry("barrierAfter", KillSet.ACQUIRE), Map.entry("hbAcquire", KillSet.ACQUIRE),
            Map.entry("hbAcquireIf", KillSet.ACQUIRE), Map.entry("hbReceive", KillSet.ACQUIRE),
            Map.entry("hbAcquireAll", KillSet.ACQUIRE),
            Map.entry("release", KillSet.RELEASE), Map.entry("fork", KillSet.RELEASE),
            Map.entry("waitBefore", KillSet.RELEASE), Map.entry("barrierBefore", KillSet.RELEASE),
            Map.entry("hbRelease", KillSet.RELEASE), Map.entry("hbPublish", KillSet.RELEASE),
            Map.entry("hbPublishKey", KillSet.RELEASE),
            Map.entry("taskRunnable", KillSet.RELEASE), Map.entry("taskCallable", KillSet.RELEASE),
            Map.entry("taskSupplier", KillSet.RELEASE), Map.entry("tasks", KillSet.RELEASE),
            Map.entry("threadRunnable", KillSet.RELEASE), Map.entry("hbReleaseAll", KillSet.RELEASE),
            // a stage's or a map's function may run inside the call, in this thread: both
            Map.entry("stage", KillSet.BOTH), Map.entry("mapping", KillSet.BOTH),
            // the key comparisons a map calls back inside the call acquire from the keys they compare
            Map.entry("keyedCallStart", KillSet.ACQUIRE), Map.entry("keyedCallEnd", KillSet.NONE),
            // an allOf / anyOf future's channel: acquired from only where the future is (join, get, a stage)
            Map.entry("hbAlias", KillSet.NONE), Map.entry("joined", KillSet.NONE),
            // a stream's functions run where its terminal operation is (released into before, acquired from after it)
            Map.entry("streamFunction", KillSet.NONE), Map.entry("streamStage", KillSet.NONE),
            Map.entry("streamRelease", KillSet.RELEASE), Map.entry("streamAcquire", KillSet.ACQUIRE));

    /** A call naming {@code owner.name desc}. */
    record Call(Class<?> owner, String name, String desc, boolean isStatic) {
        String internalOwner() {
            return Type.getInternalName(owner);
        }

        @Override
        public String toString() {
            return internalOwner() + "." + name + desc;
        }
    }

    @TempDir
    static Path dir;
    static List<Call> calls;
    /** Generated method name ({@code CallsN.cM}) to the call it makes. */
    static Map<String, Call> byMethod;
    static Map<String, ClassNode> rewritten;
    static WalaProgram program;
    static MethodIRs irs;
    static KillSets killSets;

    @BeforeAll
    static void generateAndRewrite() throws Exception {
        calls = jdkCalls();
        byMethod = new LinkedHashMap<>();
        Map<String, byte[]> entries = new TreeMap<>();
        for (int from = 0; from < calls.size(); from += CALLS_PER_CLASS) {
            String name = "gen/Calls" + from / CALLS_PER_CLASS;
            entries.put(name + ".class", callsClass(name, from, Math.min(calls.size(), from + CALLS_PER_CLASS)));
        }
        Path in = TestJars.writeJar(dir.resolve("calls.jar"), entries);
        Path out = dir.resolve("calls-rewritten.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run::err);
        rewritten = new LinkedHashMap<>();
        for (String cls : entries.keySet()) {
            String className = cls.substring(0, cls.length() - ".class".length()).replace('/', '.');
            rewritten.put(className, TestJars.classNode(out, className));
        }
        program = WalaProgram.load(WalaProgram.Input.of(List.of(in)));
        irs = new MethodIRs(program);
        killSets = KillSets.compute(program, irs);
    }

    @Test
    void theAnalysisGivesEveryCallTheSideOfTheEventsTheRewriterPutsAroundIt() {
        Map<String, KillSet> analysed = analysedCalls();
        List<String> disagreements = new ArrayList<>();
        int withEvents = 0;
        for (ClassNode cls : rewritten.values()) {
            for (MethodNode m : cls.methods) {
                Call call = byMethod.get(cls.name + "." + m.name);
                if (call == null) {
                    continue;
                }
                KillSet rewriter = KillSet.NONE;
                for (String entry : TestJars.runtimeCalls(m)) {
                    assertTrue(ENTRY_SIDES.containsKey(entry), () -> "runtime entry " + entry + " around " + call
                            + " has no side in this test: add it");
                    rewriter = rewriter.union(ENTRY_SIDES.get(entry));
                }
                KillSet analysis = analysed.get(cls.name + "." + m.name);
                assertTrue(analysis != null, () -> "the analysis has no kill set for the call of " + call);
                withEvents += rewriter == KillSet.NONE ? 0 : 1;
                if (analysis.union(rewriter) != analysis) {
                    disagreements.add(call + ": rewriter " + rewriter + ", analysis " + analysis);
                }
            }
        }
        assertTrue(byMethod.size() > 4000 && withEvents > 500, "too few calls checked: " + byMethod.size()
                + ", with events " + withEvents);
        assertEquals(List.of(), disagreements, "events the analysis does not know");
    }

    /** The kill set the analysis gives the one call of each generated method ({@code CallsN.cM}). */
    private static Map<String, KillSet> analysedCalls() {
        Map<String, KillSet> sides = new LinkedHashMap<>();
        for (IMethod m : program.applicationMethods()) {
            String name = m.getDeclaringClass().getName().toString().substring(1) + "." + m.getName();
            irs.ir(m).ifPresent(ir -> Stream.of(ir.getInstructions())
                    .filter(i -> i instanceof SSAAbstractInvokeInstruction)
                    .forEach(i -> sides.put(name, killSets.atCall(m, (SSAAbstractInvokeInstruction) i))));
        }
        return sides;
    }

    @Test
    void everyNameOfAnEntryWithEventsMatchesSomeMethodOfThisJdk() {
        List<String> dead = new ArrayList<>();
        for (SyncMethod entry : JdkSyncModel.METHODS) {
            if (!entry.event().rewritten() || entry.otherMethods() || !exists(entry.owner().type())) {
                continue;
            }
            for (String name : entry.names()) {
                boolean matched = calls.stream().anyMatch(c -> c.name().equals(name) && entry.signature().matches(c.desc())
                        && entry.owner().accepts(c.internalOwner(), JdkModelAgreementTest::isSubtypeOf));
                if (!matched && !(JAVA_21.contains(name) && Runtime.version().feature() < 21)) {
                    dead.add(entry.owner().describe() + "." + name + " " + entry.signature().words());
                }
            }
        }
        assertEquals(List.of(), dead, "model entries naming a method this JDK does not have");
    }

    private static boolean exists(String type) {
        try {
            Class.forName(type.replace('/', '.'), false, ClassLoader.getSystemClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return type.endsWith("/"); // a package
        }
    }

    private static boolean isSubtypeOf(String name, String type) {
        try {
            Class<?> c = Class.forName(name.replace('/', '.'), false, ClassLoader.getSystemClassLoader());
            Class<?> t = Class.forName(type.replace('/', '.'), false, ClassLoader.getSystemClassLoader());
            return t.isAssignableFrom(c);
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Every public method (declared or inherited, not synthetic) of the public classes above. */
    private static List<Call> jdkCalls() throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        for (String c : CLASSES) {
            classes.add(Class.forName(c));
        }
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String pkg : PACKAGES) {
            try (Stream<Path> files = Files.list(jrt.getPath("modules", "java.base", pkg))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
                    String name = pkg.replace('/', '.') + "." + f.getFileName().toString().replace(".class", "");
                    Class<?> c = Class.forName(name, false, ClassLoader.getSystemClassLoader());
                    if (Modifier.isPublic(c.getModifiers()) && (c.getEnclosingClass() == null
                            || Modifier.isPublic(c.getEnclosingClass().getModifiers()))) {
                        classes.add(c);
                    }
                }
            }
        }
        List<Call> all = new ArrayList<>();
        for (Class<?> c : classes) {
            Map<String, Call> unique = new TreeMap<>();
            for (Method m : c.getMethods()) {
                if (!m.isSynthetic() && !m.isBridge() && !(Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != c)) {
                    String desc = Type.getMethodDescriptor(m);
                    unique.putIfAbsent(m.getName() + desc, new Call(c, m.getName(), desc, Modifier.isStatic(m.getModifiers())));
                }
            }
            all.addAll(unique.values());
        }
        return all;
    }

    /** A class with a static method {@code cI()} per call from..to-1: default arguments, a null receiver, result dropped. */
    private static byte[] callsClass(String name, int from, int to) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        for (int i = from; i < to; i++) {
            Call call = calls.get(i);
            String method = "c" + i;
            byMethod.put(name + "." + method, call);
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, method, "()V", null, null);
            mv.visitCode();
            if (!call.isStatic()) {
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitTypeInsn(Opcodes.CHECKCAST, call.internalOwner());
            }
            for (Type arg : Type.getArgumentTypes(call.desc())) {
                switch (arg.getSort()) {
                    case Type.OBJECT, Type.ARRAY -> mv.visitInsn(Opcodes.ACONST_NULL);
                    case Type.LONG -> mv.visitInsn(Opcodes.LCONST_0);
                    case Type.FLOAT -> mv.visitInsn(Opcodes.FCONST_0);
                    case Type.DOUBLE -> mv.visitInsn(Opcodes.DCONST_0);
                    default -> mv.visitInsn(Opcodes.ICONST_0);
                }
            }
            boolean itf = call.owner().isInterface();
            int opcode = call.isStatic() ? Opcodes.INVOKESTATIC : itf ? Opcodes.INVOKEINTERFACE : Opcodes.INVOKEVIRTUAL;
            mv.visitMethodInsn(opcode, call.internalOwner(), call.name(), call.desc(), itf);
            int size = Type.getReturnType(call.desc()).getSize();
            if (size > 0) {
                mv.visitInsn(size == 2 ? Opcodes.POP2 : Opcodes.POP);
            }
            mv.visitInsn(Opcodes.RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }
}
