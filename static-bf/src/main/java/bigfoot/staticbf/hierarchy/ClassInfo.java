package bigfoot.staticbf.hierarchy;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the rewriter needs to know about a class without loading it: its supertypes, access flags and
 * declared fields.
 */
public final class ClassInfo {

    private final String name;
    private final int access;
    private final String superName;
    private final List<String> interfaces;
    private final List<FieldInfo> fields;
    private final boolean packageExported;

    private ClassInfo(String name, int access, String superName, List<String> interfaces, List<FieldInfo> fields,
            boolean packageExported) {
        this.name = name;
        this.access = access;
        this.superName = superName;
        this.interfaces = interfaces;
        this.fields = fields;
        this.packageExported = packageExported;
    }

    /**
     * Reads the header and fields of a class file.
     *
     * @param packageExported whether the class's package is visible to code in the unnamed module (false
     *                        for JDK-internal packages)
     */
    public static ClassInfo read(byte[] classFile, boolean packageExported) {
        ClassReader reader = new ClassReader(classFile);
        List<FieldInfo> fields = new ArrayList<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int acc, String fieldName, String descriptor, String signature,
                    Object value) {
                fields.add(new FieldInfo(fieldName, descriptor, acc, value != null));
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader.getClassName(), reader.getAccess(), reader.getSuperName(),
                List.of(reader.getInterfaces()), List.copyOf(fields), packageExported);
    }

    public String name() {
        return name;
    }

    public String dottedName() {
        return name.replace('/', '.');
    }

    public int access() {
        return access;
    }

    /** The superclass's internal name, or null for java/lang/Object (and module-info). */
    public String superName() {
        return superName;
    }

    public List<String> interfaces() {
        return interfaces;
    }

    public List<FieldInfo> fields() {
        return fields;
    }

    public boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    /** The field declared here with this name and descriptor, or null. */
    public FieldInfo field(String fieldName, String descriptor) {
        for (FieldInfo f : fields) {
            if (f.name().equals(fieldName) && f.descriptor().equals(descriptor)) {
                return f;
            }
        }
        return null;
    }

    /** True if a {@code ldc} of this class resolves from any class in the unnamed module. */
    public boolean accessibleEverywhere() {
        return (access & Opcodes.ACC_PUBLIC) != 0 && packageExported;
    }

    @Override
    public String toString() {
        return dottedName();
    }
}
