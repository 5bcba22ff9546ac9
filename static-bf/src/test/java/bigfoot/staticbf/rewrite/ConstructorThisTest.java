package bigfoot.staticbf.rewrite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Which superclasses let a rewritten subclass's objects start local ({@code --elide dynamic-escape}). */
class ConstructorThisTest {

    @Test
    void jdkConstructorsThatOnlyTouchTheirOwnFieldsKeepThis() {
        assertTrue(keeps("java/lang/Object"));
        assertTrue(keeps("javax/xml/transform/Transformer"));
        assertTrue(keeps("java/io/Reader"), "Reader's lock = this stores this into its own field");
    }

    @Test
    void aConstructorCallingAMethodOnThisDoesNot() {
        assertFalse(keeps("java/lang/Thread"));
    }

    @Test
    void storingThisIntoAStaticOrAnotherObjectOrPassingItLeaksIt() {
        assertFalse(ConstructorThis.keeps(leaking(mv -> {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.PUTSTATIC, "p/Leaky", "last", "Ljava/lang/Object;");
        }), s -> true));
        assertFalse(ConstructorThis.keeps(leaking(mv -> {
            mv.visitFieldInsn(Opcodes.GETSTATIC, "p/Leaky", "list", "Ljava/util/List;");
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitInsn(Opcodes.DUP); // copies of this are this
            mv.visitInsn(Opcodes.POP);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/List", "add", "(Ljava/lang/Object;)Z", true);
            mv.visitInsn(Opcodes.POP);
        }), s -> true));
        assertTrue(ConstructorThis.keeps(leaking(mv -> {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitFieldInsn(Opcodes.PUTFIELD, "p/Leaky", "self", "Ljava/lang/Object;");
        }), s -> true));
        assertFalse(ConstructorThis.keeps(leaking(mv -> { }), s -> false), "a superclass that does not keep it");
    }

    private static boolean keeps(String jdkClass) {
        return ConstructorThis.keeps(bytes(jdkClass), ConstructorThisTest::keeps);
    }

    private static byte[] bytes(String internalName) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A class {@code p/Leaky} whose constructor runs {@code body} after its super call. */
    private static byte[] leaking(java.util.function.Consumer<MethodVisitor> body) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "p/Leaky", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        body.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }
}
