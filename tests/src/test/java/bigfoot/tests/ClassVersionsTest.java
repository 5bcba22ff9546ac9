package bigfoot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * A class file of every version from 45 (JDK 1.0) to 69 (Java 25) with a non-ASCII string (spelled in overlong
 * UTF-8 where the version allows it, up to 47, as javac of that era did) and a checked static field: rewritten, it
 * loads under -Xverify:all with the runtime (on the Temurin 25 JDK for versions this JDK cannot run; skipped
 * without one) and prints what the original prints.
 */
class ClassVersionsTest {

    private static final int FIRST_VERSION = 45;
    private static final int LAST_VERSION = Opcodes.V25;
    private static final int LAST_LOCAL_VERSION = 44 + Runtime.version().feature();

    @TestFactory
    Stream<DynamicTest> everyClassFileVersionLoadsRewritten() throws Exception {
        Path dir = Workspace.fresh("class-versions");
        Optional<Path> newer = Jdks.newestFrom(Runtime.version().feature() + 1);
        return IntStream.rangeClosed(FIRST_VERSION, LAST_VERSION).mapToObj(version -> NamedTests.of("version " + version,
                () -> {
                    Path java = version <= LAST_LOCAL_VERSION ? Path.of(System.getProperty("java.home"), "bin", "java")
                            : newer.filter(j -> version <= 44 + Jdks.feature(j)).map(j -> j.resolve("bin/java")).orElse(null);
                    Assumptions.assumeTrue(java != null, "no JDK under /usr/lib/jvm runs version " + version);
                    Path app = Jars.write(dir.resolve("v" + version + ".jar"), Map.of("Versioned.class", classFile(version)));
                    Path checked = Rewriter.rewrite(app, dir.resolve("v" + version + "-checked.jar"), "--mode", "bigfoot");
                    ChildJvm.Result plain = ChildJvm.run(java, ChildJvm.plain(app, "Versioned"), dir.resolve("v" + version + "-plain"));
                    assertEquals(0, plain.exit(), plain::stderrTail);
                    assertEquals("1046 1\n", plain.stdout(), "the original");
                    Path report = dir.resolve("v" + version + ".json");
                    ChildJvm.Result run = ChildJvm.run(java, ChildJvm.instrumented(checked, "Versioned", report),
                            dir.resolve("v" + version));
                    assertEquals(0, run.exit(), run::stderrTail);
                    assertEquals(plain.stdout(), run.stdout());
                    assertTrue(RaceReport.read(report).summary().checks() > 0, "no check ran");
                }));
    }

    /**
     * {@code class Versioned { static int reads; static String text() { reads++; return "\u0416"; }
     * static void main(String[] a) { System.out.println((int) text().charAt(0) + " " + reads); } }}
     */
    private static byte[] classFile(int version) {
        ClassWriter cw = new ClassWriter(version >= Opcodes.V1_6 ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS);
        cw.visit(version == FIRST_VERSION ? Opcodes.V1_1 : version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "Versioned", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_STATIC, "reads", "I", null, null).visitEnd();
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor text = cw.visitMethod(Opcodes.ACC_STATIC, "text", "()Ljava/lang/String;", null, null);
        text.visitCode();
        text.visitFieldInsn(Opcodes.GETSTATIC, "Versioned", "reads", "I");
        text.visitInsn(Opcodes.ICONST_1);
        text.visitInsn(Opcodes.IADD);
        text.visitFieldInsn(Opcodes.PUTSTATIC, "Versioned", "reads", "I");
        text.visitLdcInsn("\u0416");
        text.visitInsn(Opcodes.ARETURN);
        text.visitMaxs(0, 0);
        text.visitEnd();
        MethodVisitor main = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuffer");
        main.visitInsn(Opcodes.DUP);
        main.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuffer", "<init>", "()V", false);
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "Versioned", "text", "()Ljava/lang/String;", false);
        main.visitInsn(Opcodes.ICONST_0);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/String", "charAt", "(I)C", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuffer", "append", "(I)Ljava/lang/StringBuffer;", false);
        main.visitLdcInsn(" ");
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuffer", "append",
                "(Ljava/lang/String;)Ljava/lang/StringBuffer;", false);
        main.visitFieldInsn(Opcodes.GETSTATIC, "Versioned", "reads", "I");
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuffer", "append", "(I)Ljava/lang/StringBuffer;", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/StringBuffer", "toString", "()Ljava/lang/String;", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        cw.visitEnd();
        byte[] bytes = cw.toByteArray();
        return version <= Opcodes.V1_3 ? overlong(bytes) : bytes; // 45.3 (V1_1) to 47
    }

    /** The class with its one spelling of U+0416 (UTF-8 D0 96) made overlong (E0 90 96), as javac 1.x wrote it. */
    private static byte[] overlong(byte[] classFile) {
        byte[] canonical = {1, 0, 2, (byte) 0xD0, (byte) 0x96};
        for (int i = 0; i + canonical.length <= classFile.length; i++) {
            if (Arrays.equals(classFile, i, i + canonical.length, canonical, 0, canonical.length)) {
                byte[] out = new byte[classFile.length + 1];
                System.arraycopy(classFile, 0, out, 0, i);
                System.arraycopy(new byte[] {1, 0, 3, (byte) 0xE0, (byte) 0x90, (byte) 0x96}, 0, out, i, 6);
                System.arraycopy(classFile, i + canonical.length, out, i + 6, classFile.length - i - canonical.length);
                return out;
            }
        }
        throw new AssertionError("no UTF-8 entry D0 96");
    }
}
