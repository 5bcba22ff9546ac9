package bigfoot.staticbf.jar;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Races the program's authors marked as intended: an annotation whose simple name is {@code IntendedRace} (any
 * package, CLASS or RUNTIME retention, so a project declares its own and depends on nothing) on a field, a method or
 * a class. Each becomes a suppression rule ({@code field pkg.C.f}, {@code method pkg.C.m}, {@code class pkg.C}) with
 * the annotation's {@code value}, if it has one, as the rule's comment; the runtime leaves matching races out of its
 * reports and counts them as suppressed.
 */
final class IntendedRaces {

    private static final String SIMPLE_NAME = "IntendedRace;";
    /** The annotation type's name as its descriptor ends in the constant pool (ASCII, so the same in modified UTF-8). */
    private static final byte[] MARKER = SIMPLE_NAME.getBytes(StandardCharsets.US_ASCII);
    private static final int UTF8_TAG = 1;

    private final List<String> rules = new ArrayList<>();

    /** Adds the rules of one class file; one whose constant pool names no such annotation type is not parsed further. */
    void scan(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        if (namesMarker(reader, classFile)) {
            reader.accept(new Scanner(), ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        }
    }

    /**
     * True if a UTF-8 constant of the class ends as an {@code IntendedRace} descriptor does (an annotation's type is one):
     * a look at the constant pool's strings, which the reader has located, instead of a parse of every member.
     */
    private static boolean namesMarker(ClassReader reader, byte[] classFile) {
        for (int i = 1; i < reader.getItemCount(); i++) {
            int offset = reader.getItem(i); // after the entry's tag; 0 for the slot after a long or double
            if (offset == 0 || classFile[offset - 1] != UTF8_TAG) {
                continue;
            }
            int end = offset + 2 + reader.readUnsignedShort(offset);
            if (end - MARKER.length >= offset + 2
                    && Arrays.equals(classFile, end - MARKER.length, end, MARKER, 0, MARKER.length)) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** The rules in the runtime's suppressions file format. */
    byte[] resource() {
        StringBuilder sb = new StringBuilder("# races marked @IntendedRace in the program, collected by staticbf\n");
        rules.forEach(r -> sb.append(r).append('\n'));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean isIntendedRace(String descriptor) {
        return descriptor.equals("L" + SIMPLE_NAME) || descriptor.endsWith("/" + SIMPLE_NAME)
                || descriptor.endsWith("$" + SIMPLE_NAME);
    }

    private final class Scanner extends ClassVisitor {
        private String className;

        Scanner() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            className = name.replace('/', '.');
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return rule(descriptor, "class " + className);
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            return new FieldVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    return rule(annotation, "field " + className + "." + name);
                }
            };
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                    return rule(annotation, "method " + className + "." + name);
                }
            };
        }

        /** Records the rule if the annotation is an IntendedRace, with its {@code value} as a comment. */
        private AnnotationVisitor rule(String descriptor, String rule) {
            if (!isIntendedRace(descriptor)) {
                return null;
            }
            int at = rules.size();
            rules.add(rule);
            return new AnnotationVisitor(Opcodes.ASM9) {
                @Override
                public void visit(String name, Object value) {
                    if (name.equals("value") && value instanceof String reason && !reason.isBlank()) {
                        rules.set(at, rule + "  # " + reason.replaceAll("\\s+", " ").strip());
                    }
                }
            };
        }
    }
}
