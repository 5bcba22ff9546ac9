package bigfoot.staticbf.bytecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import bigfoot.staticbf.TestJars;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Which edits change a method's code digest: its code and bytecode indices, not debug information or other methods. */
class MethodCodeDigestsTest {

    private static final String SOURCE = """
            package app;
            public class Shop {
                int stock;
                // NOTE
                int take(int n) {
                    synchronized (this) {
                        stock -= n;
                    }
                    return stock;
                }
                int restock() { return LIMIT; }
            }
            """;

    @TempDir
    Path work;

    private Map<String, String> digests(String note, int limit, String... javacOptions) {
        String source = SOURCE.replace("NOTE", note).replace("LIMIT", Integer.toString(limit));
        byte[] shop = TestJars.compile(work, Map.of("app/Shop.java", source), javacOptions).get("app/Shop.class");
        return MethodCodeDigests.of(shop);
    }

    @Test
    void debugInformationAndMovedLinesLeaveEveryDigest() {
        Map<String, String> plain = digests("one line", 5, "-g:none");
        assertEquals(plain, digests("one line", 5, "-g"));
        assertEquals(plain, digests("two\n    // lines", 5, "-g"), "the methods' lines moved, not their code");
    }

    @Test
    void anEditOfOneMethodChangesItsDigestOnly() {
        Map<String, String> before = digests("n", 5);
        Map<String, String> after = digests("n", 7);
        assertEquals(before.get("take(I)I"), after.get("take(I)I"));
        assertEquals(before.get("<init>()V"), after.get("<init>()V"));
        assertNotEquals(before.get("restock()I"), after.get("restock()I"));
    }

    /** {@code String m() { return "x"; }}, after {@code padding} other constants in the constant pool. */
    private static byte[] constantAfter(int padding) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "app/K", null, "java/lang/Object", null);
        for (int i = 0; i < padding; i++) {
            cw.newConst("pad" + i);
        }
        MethodVisitor m = cw.visitMethod(Opcodes.ACC_STATIC, "m", "()Ljava/lang/String;", null, null);
        m.visitCode();
        m.visitLdcInsn("x");
        m.visitInsn(Opcodes.ARETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void constantPoolIndicesDoNotCountButBytecodeIndicesDo() {
        String near = MethodCodeDigests.of(constantAfter(0)).get("m()Ljava/lang/String;");
        assertEquals(near, MethodCodeDigests.of(constantAfter(100)).get("m()Ljava/lang/String;"),
                "the constant has another index, the code is the same");
        // past index 255 the constant needs ldc_w, one byte longer: the areturn moves, and plans name bytecode indices
        assertNotEquals(near, MethodCodeDigests.of(constantAfter(300)).get("m()Ljava/lang/String;"));
    }
}
