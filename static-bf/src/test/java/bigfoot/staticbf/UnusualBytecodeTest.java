package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import bigfoot.rt.RT;
import bigfoot.staticbf.loadtime.LoadTimeRewriter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Bytecode javac 17 does not write: old class files with subroutines, huge methods, odd encodings. */
class UnusualBytecodeTest implements Opcodes {

    @TempDir
    Path work;

    @BeforeEach
    void clearEvents() {
        RT.reset();
    }

    /** Writes one generated class into a jar, rewrites it (fasttrack placement), and returns the run. */
    private TestJars.Run rewrite(String name, byte[] classFile, Path out) {
        return rewrite(name, classFile, out, "fasttrack");
    }

    private TestJars.Run rewrite(String name, byte[] classFile, Path out, String mode) {
        Path in = TestJars.writeJar(work.resolve("in.jar"), Map.of(name + ".class", classFile));
        return TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", mode);
    }

    /** Runs the no-argument method {@code name} of a new {@code className} from {@code jar}: its result and events. */
    private static void assertRun(Path jar, String className, String name, Object result, List<String> events)
            throws Exception {
        try (URLClassLoader loader = TestJars.loader(jar)) {
            Class<?> c = Class.forName(className, true, loader);
            Object o = c.getConstructor().newInstance();
            RT.reset();
            assertEquals(result, c.getMethod(name).invoke(o));
            assertEquals(events, RT.events().stream().map(RT.Event::entry).toList());
        }
    }

    private static boolean hasSubroutines(MethodNode m) {
        return Arrays.stream(m.instructions.toArray()).anyMatch(i -> i.getOpcode() == JSR || i.getOpcode() == RET);
    }

    private static ClassWriter newClass(int version, String name, int flags) {
        ClassWriter cw = new ClassWriter(flags);
        cw.visit(version, ACC_PUBLIC | ACC_SUPER, name, null, "java/lang/Object", null);
        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        return cw;
    }

    /** Subroutines are inlined, as the analysis reads them (version 50 could not keep them: frames are computed). */
    @ParameterizedTest
    @ValueSource(ints = {V1_4, V1_6})
    void classFilesWithSubroutinesAreRewrittenWithoutThem(int version) throws Exception {
        ClassWriter cw = newClass(version, "old/Legacy", ClassWriter.COMPUTE_MAXS);
        cw.visitField(0, "value", "I", null, null).visitEnd();
        cw.visitField(ACC_STATIC, "total", "I", null, null).visitEnd();
        MethodVisitor bump = cw.visitMethod(ACC_PUBLIC, "bump", "()I", null, null);
        Label sub = new Label();
        bump.visitCode();
        bump.visitJumpInsn(JSR, sub);
        bump.visitVarInsn(ALOAD, 0);
        bump.visitFieldInsn(GETFIELD, "old/Legacy", "value", "I");
        bump.visitInsn(IRETURN);
        bump.visitLabel(sub); // a finally-style subroutine: value++
        bump.visitVarInsn(ASTORE, 1);
        bump.visitVarInsn(ALOAD, 0);
        bump.visitInsn(DUP);
        bump.visitFieldInsn(GETFIELD, "old/Legacy", "value", "I");
        bump.visitInsn(ICONST_1);
        bump.visitInsn(IADD);
        bump.visitFieldInsn(PUTFIELD, "old/Legacy", "value", "I");
        bump.visitVarInsn(RET, 1);
        bump.visitMaxs(0, 0);
        bump.visitEnd();
        MethodVisitor count = cw.visitMethod(ACC_PUBLIC | ACC_STATIC | ACC_SYNCHRONIZED, "count", "()V", null, null);
        count.visitCode();
        count.visitFieldInsn(GETSTATIC, "old/Legacy", "total", "I");
        count.visitInsn(ICONST_1);
        count.visitInsn(IADD);
        count.visitFieldInsn(PUTSTATIC, "old/Legacy", "total", "I");
        count.visitInsn(RETURN);
        count.visitMaxs(0, 0);
        count.visitEnd();
        cw.visitEnd();

        Path out = work.resolve("out.jar");
        TestJars.Run run = rewrite("old/Legacy", cw.toByteArray(), out);
        assertEquals(0, run.exitCode(), run.err());
        ClassNode legacy = classNode(out, "old.Legacy");
        assertEquals(Math.max(V1_5, version), legacy.version, "raised to 49 for ldc of a Class constant");
        assertFalse(hasSubroutines(method(legacy, "bump")));
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("old.Legacy", true, loader);
            Object o = c.getConstructor().newInstance();
            RT.reset();
            assertEquals(1, c.getMethod("bump").invoke(o));
            c.getMethod("count").invoke(null);
            assertEquals(List.of("readField", "writeField", "readField", "acquire", "readStatic", "writeStatic",
                    "release"), RT.events().stream().map(RT.Event::entry).toList());
        }
    }

    /**
     * A version 48 class {@code name} with an int field {@code value} and a method {@code int m()} whose code
     * {@code body} writes: it starts with a jsr to the subroutine it labels with {@code sub}.
     */
    private static byte[] withSubroutine(String name, String m, BiConsumer<MethodVisitor, Label> body) {
        return withSubroutine(V1_4, name, m, body);
    }

    private static byte[] withSubroutine(int version, String name, String m, BiConsumer<MethodVisitor, Label> body) {
        ClassWriter cw = newClass(version, name, ClassWriter.COMPUTE_MAXS);
        cw.visitField(0, "value", "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, m, "()I", null, null);
        mv.visitCode();
        body.accept(mv, new Label());
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * A method with a subroutine gets BigFoot's placement like any other: the analysis and the rewriter read it with
     * the subroutine inlined, so the plan names the rewriter's instructions. Three reads of {@code this.value} (one in
     * the finally-style subroutine) with no release between them are one check; without a plan each had its own.
     */
    @Test
    void aMethodWithASubroutineGetsBigFootPlacement() throws Exception {
        byte[] reads = withSubroutine("old/Reads", "twice", readsThrice("old/Reads"));
        Path out = work.resolve("out.jar");
        TestJars.Run run = rewrite("old/Reads", reads, out, "bigfoot");
        assertEquals(0, run.exitCode(), run.err());
        TestJars.assertVerifies(out);
        assertEquals(List.of("readField"), runtimeCalls(method(classNode(out, "old.Reads"), "twice")));
        assertRun(out, "old.Reads", "twice", 0, List.of("readField"));
    }

    /** {@code twice()}: reads {@code value} in a finally-style subroutine, then twice more, and returns the sum. */
    private static BiConsumer<MethodVisitor, Label> readsThrice(String owner) {
        return (mv, sub) -> {
            mv.visitJumpInsn(JSR, sub);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, owner, "value", "I");
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, owner, "value", "I");
            mv.visitInsn(IADD);
            mv.visitInsn(IRETURN);
            mv.visitLabel(sub);
            mv.visitVarInsn(ASTORE, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, owner, "value", "I");
            mv.visitInsn(POP);
            mv.visitVarInsn(RET, 1);
        };
    }

    /** A class rewritten at load time is read as a jar's is, with its subroutines inlined, in every version. */
    @ParameterizedTest
    @ValueSource(ints = {V1_4, V1_6})
    void aClassRewrittenAtLoadTimeHasItsSubroutinesInlined(int version) throws Exception {
        byte[] late = withSubroutine(version, "old/Late", "twice", readsThrice("old/Late"));
        byte[] rewritten = new LoadTimeRewriter(new PrintStream(OutputStream.nullOutputStream()))
                .rewrite(getClass().getClassLoader(), "old/Late", late);
        assertFalse(hasSubroutines(method(TestJars.classNode(rewritten), "twice")));
        Path jar = TestJars.writeJar(work.resolve("late.jar"), Map.of("old/Late.class", rewritten));
        assertRun(jar, "old.Late", "twice", 0, List.of("readForeign", "readForeign", "readForeign"));
    }

    /** A subroutine that would make its method too large once inlined stays: the class is rewritten as it is. */
    @Test
    void aSubroutineTooLargeToInlineIsKept() throws Exception {
        byte[] bigClass = withSubroutine("old/Big", "big", (mv, sub) -> {
            for (int i = 0; i < 3; i++) {
                mv.visitJumpInsn(JSR, sub);
            }
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, "old/Big", "value", "I");
            mv.visitInsn(IRETURN);
            mv.visitLabel(sub); // 25,000 bytes, three times over once inlined
            mv.visitVarInsn(ASTORE, 1);
            for (int i = 0; i < 25_000; i++) {
                mv.visitInsn(NOP);
            }
            mv.visitVarInsn(RET, 1);
        });
        Path out = work.resolve("out.jar");
        TestJars.Run run = rewrite("old/Big", bigClass, out, "bigfoot");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(hasSubroutines(method(classNode(out, "old.Big"), "big")));
        assertRun(out, "old.Big", "big", 0, List.of("readField"));
    }

    @Test
    void fieldsOfThisWrittenBeforeTheSuperCallAreNotChecked() throws Exception {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_SUPER, "early/Early", null, "java/lang/Object", null);
        cw.visitField(0, "x", "I", null, null).visitEnd();
        cw.visitField(0, "y", "I", null, null).visitEnd();
        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "(I)V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ILOAD, 1);
        init.visitFieldInsn(PUTFIELD, "early/Early", "x", "I"); // this is still uninitialized here
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitVarInsn(ALOAD, 0);
        init.visitVarInsn(ILOAD, 1);
        init.visitFieldInsn(PUTFIELD, "early/Early", "y", "I");
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        cw.visitEnd();

        Path out = work.resolve("out.jar");
        assertEquals(0, rewrite("early/Early", cw.toByteArray(), out).exitCode());
        assertEquals(List.of("writeFresh"), runtimeCalls(method(classNode(out, "early.Early"), "<init>")));
        TestJars.assertVerifies(out);
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("early.Early", true, loader);
            RT.reset();
            c.getConstructor(int.class).newInstance(5);
            List<RT.Event> events = RT.events();
            assertEquals(1, events.size());
            assertEquals("early.Early.y", RT.site(events.get(0).site()).target());
        }
    }

    @Test
    void aMethodTooLargeOnceInstrumentedIsLeftUnchanged() throws Exception {
        ClassWriter cw = newClass(V17, "big/Big", ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visitField(0, "x", "I", null, null).visitEnd();
        MethodVisitor sum = cw.visitMethod(ACC_PUBLIC, "sum", "()I", null, null);
        sum.visitCode();
        sum.visitInsn(ICONST_0);
        for (int i = 0; i < 12_000; i++) { // 5 bytes each: fits; a checked getfield is about 30
            sum.visitVarInsn(ALOAD, 0);
            sum.visitFieldInsn(GETFIELD, "big/Big", "x", "I");
            sum.visitInsn(IADD);
        }
        sum.visitInsn(IRETURN);
        sum.visitMaxs(0, 0);
        sum.visitEnd();
        MethodVisitor get = cw.visitMethod(ACC_PUBLIC, "get", "()I", null, null);
        get.visitCode();
        get.visitVarInsn(ALOAD, 0);
        get.visitFieldInsn(GETFIELD, "big/Big", "x", "I");
        get.visitInsn(IRETURN);
        get.visitMaxs(0, 0);
        get.visitEnd();
        cw.visitEnd();

        Path out = work.resolve("out.jar");
        TestJars.Run run = rewrite("big/Big", cw.toByteArray(), out);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().startsWith("staticbf: warning: method big.Big.sum()I would be "), run.err());
        assertTrue(run.err().contains("left unchanged, its accesses are not checked"), run.err());
        assertTrue(run.out().contains("1 methods left unchanged (too large)"), run.out());
        ClassNode big = classNode(out, "big.Big");
        assertEquals(List.of(), runtimeCalls(method(big, "sum")));
        assertEquals(List.of("readField"), runtimeCalls(method(big, "get")));
        assertEquals(1, Sites.table(big).size(), "the unchanged method's accesses have no sites");
        TestJars.assertVerifies(out);
    }

    @Test
    void aSiteTableLargerThanOneConstantIsSplitAndJoined() throws Exception {
        String field = "f".repeat(3000);
        ClassWriter cw = newClass(V17, "wide/Wide", ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visitField(0, field, "I", null, null).visitEnd();
        MethodVisitor m = cw.visitMethod(ACC_PUBLIC, "touch", "()V", null, null);
        m.visitCode();
        for (int i = 0; i < 30; i++) {
            m.visitVarInsn(ALOAD, 0);
            m.visitFieldInsn(GETFIELD, "wide/Wide", field, "I");
            m.visitInsn(POP);
        }
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();

        Path out = work.resolve("out.jar");
        assertEquals(0, rewrite("wide/Wide", cw.toByteArray(), out).exitCode());
        ClassNode wide = classNode(out, "wide.Wide");
        long chunks = java.util.Arrays.stream(method(wide, "<clinit>").instructions.toArray())
                .takeWhile(i -> !(i instanceof MethodInsnNode call && call.name.equals("registerSites")))
                .filter(i -> i instanceof LdcInsnNode l && l.cst instanceof String).count();
        assertEquals(2, chunks, "30 sites of ~3000 bytes each need two constants");
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("wide.Wide", true, loader);
            Object o = c.getConstructor().newInstance();
            RT.reset();
            c.getMethod("touch").invoke(o);
            List<RT.Event> events = RT.events();
            assertEquals(30, events.size());
            Site last = RT.site(events.get(29).site());
            assertEquals("wide.Wide." + field, last.target());
            assertEquals(29 * 5 + 1, last.bci(), "aload_0, getfield, pop: 5 bytes a round");
        }
    }

    @Test
    void bytecodeIndexesAreExactForNonShortestEncodings() throws Exception {
        ClassWriter cw = newClass(V17, "enc/Enc", ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visitField(ACC_STATIC, "s", "I", null, null).visitEnd();
        MethodVisitor m = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "m", "(II)I", null, null);
        m.visitCode();
        m.visitFieldInsn(GETSTATIC, "enc/Enc", "s", "I");
        m.visitInsn(POP);
        m.visitVarInsn(ILOAD, 300); // "wide iload 300", patched below into "wide iload 1"
        m.visitInsn(POP);
        m.visitFieldInsn(GETSTATIC, "enc/Enc", "s", "I");
        m.visitInsn(IRETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        int wide = indexOf(bytes, new byte[] {(byte) 0xC4, ILOAD, 0x01, 0x2C});
        bytes[wide + 3] = 0x01; // wide iload 1: legal, but ASM would re-encode it as iload_1
        bytes[wide + 2] = 0x00;
        Path original = Files.write(work.resolve("Enc.class"), bytes);

        Path out = work.resolve("out.jar");
        assertEquals(0, rewrite("enc/Enc", bytes, out).exitCode());
        ClassNode enc = classNode(out, "enc.Enc");
        List<Site> table = Sites.table(enc);
        JavapMethod javap = JavapMethod.parse(Sites.javap(original), "m");
        assertEquals(List.of(0, 9), table.stream().map(Site::bci).toList());
        assertTrue(javap.instructions().get(9).startsWith("getstatic"), javap.instructions().toString());
        try (URLClassLoader loader = TestJars.loader(out)) {
            assertEquals(0, Class.forName("enc.Enc", true, loader).getMethod("m", int.class, int.class)
                    .invoke(null, 1, 2));
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("pattern not found");
    }

}
