package bigfoot.staticbf.bytecode;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.JSRInlinerAdapter;

/**
 * Class files without subroutines. javac before Java 6 compiled {@code finally} blocks to {@code jsr}/{@code ret}
 * subroutines (derby's and xalan's jars are such: version 48 and 45), which the rewriter's dataflows do not follow
 * and a placement's plan cannot name (a subroutine is one code for several paths). StaticBF's analysis and its
 * rewriter both read such a class with its subroutines inlined, the same bytes, so the bytecode indices they name
 * agree; a class without subroutines is read as it is.
 */
public final class Subroutines {

    /** jsr_w, which ASM reads as jsr. */
    private static final int JSR_W = 0xc9;

    private Subroutines() {
    }

    /**
     * {@code classFile} with every subroutine inlined, or {@code classFile} itself if it has none, or if inlining fails
     * (its methods with subroutines then keep fasttrack's checks, as no plan fits them). A malformed class file throws
     * ASM's exception, as reading it would.
     */
    public static byte[] inlined(byte[] classFile) {
        if (!hasSubroutines(classFile)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS); // jsr is gone from version 50 on: no frames
        try {
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                        String[] exceptions) {
                    return new JSRInlinerAdapter(super.visitMethod(access, name, descriptor, signature, exceptions),
                            access, name, descriptor, signature, exceptions);
                }
            }, 0);
            return writer.toByteArray();
        } catch (RuntimeException e) { // a subroutine the inliner cannot follow, or a method too large once inlined
            return classFile;
        }
    }

    /** True if a method of {@code classFile} has a {@code jsr} or {@code ret} (possible up to version 50 only). */
    static boolean hasSubroutines(byte[] classFile) {
        int major = ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
        return major <= Opcodes.V1_6 && BytecodeOffsets.anyInstruction(new ClassReader(classFile),
                op -> op == Opcodes.JSR || op == Opcodes.RET || op == JSR_W);
    }
}
