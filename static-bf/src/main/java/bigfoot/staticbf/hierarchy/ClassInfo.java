package bigfoot.staticbf.hierarchy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the rewriter needs to know about a class without loading it: its supertypes, access flags, declared
 * fields, and which of its methods declare {@code InterruptedException}.
 */
public final class ClassInfo {

    private static final String INTERRUPTED_EXCEPTION = "java/lang/InterruptedException";

    private final String name;
    private final int access;
    private final String superName;
    private final List<String> interfaces;
    private final List<FieldInfo> fields;
    private final boolean packageExported;
    /** name + descriptor of each method declared here, mapped to whether it declares InterruptedException. */
    private final Map<String, Boolean> methods;
    /** name + descriptor of each synthetic field accessor declared here. */
    private final Map<String, FieldAccessor> accessors;
    /** name + descriptor of each abstract method declared here (an interface's, but for its default methods). */
    private final Set<String> abstractMethods;
    /** {@link #describe}'s text, once made. */
    private String description;

    private ClassInfo(String name, int access, String superName, List<String> interfaces, List<FieldInfo> fields,
            boolean packageExported, Map<String, Boolean> methods, Map<String, FieldAccessor> accessors,
            Set<String> abstractMethods) {
        this.name = name;
        this.access = access;
        this.superName = superName;
        this.interfaces = interfaces;
        this.fields = fields;
        this.packageExported = packageExported;
        this.methods = methods;
        this.accessors = accessors;
        this.abstractMethods = abstractMethods;
    }

    /**
     * Reads the header, fields and method declarations of a class file, and the bodies of its synthetic accessors.
     *
     * @param packageExported whether the class's package is visible to code in the unnamed module (false
     *                        for JDK-internal packages)
     */
    public static ClassInfo read(byte[] classFile, boolean packageExported) {
        ClassReader reader = new ClassReader(classFile);
        List<FieldInfo> fields = new ArrayList<>();
        Map<String, Boolean> methods = new HashMap<>();
        Map<String, FieldAccessor.Reader> accessors = new HashMap<>();
        Set<String> abstractMethods = new HashSet<>();
        String owner = reader.getClassName();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int acc, String fieldName, String descriptor, String signature,
                    Object value) {
                fields.add(new FieldInfo(fieldName, descriptor, acc, value != null));
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int acc, String methodName, String descriptor, String signature,
                    String[] exceptions) {
                methods.put(methodName + descriptor,
                        exceptions != null && Arrays.asList(exceptions).contains(INTERRUPTED_EXCEPTION));
                if ((acc & Opcodes.ACC_ABSTRACT) != 0) {
                    abstractMethods.add(methodName + descriptor);
                }
                if (!FieldAccessor.mayBe(acc, methodName)) {
                    return null; // its code is skipped unread
                }
                FieldAccessor.Reader body = new FieldAccessor.Reader(owner);
                accessors.put(methodName + descriptor, body);
                return body;
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        Map<String, FieldAccessor> found = new HashMap<>();
        accessors.forEach((method, body) -> body.result().ifPresent(a -> found.put(method, a)));
        return new ClassInfo(owner, reader.getAccess(), reader.getSuperName(),
                List.of(reader.getInterfaces()), List.copyOf(fields), packageExported, methods, Map.copyOf(found),
                Set.copyOf(abstractMethods));
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

    /** True if code of class {@code other} (an internal name) may name this class: it is public, or in that package. */
    public boolean accessibleFrom(String other) {
        return accessible(access, name, other);
    }

    /** True if code of class {@code from} may name class {@code name} of access flags {@code access}. */
    public static boolean accessible(int access, String name, String from) {
        return (access & Opcodes.ACC_PUBLIC) != 0 || packageOf(name).equals(packageOf(from));
    }

    /** The package of a class's internal name ({@code a/b} of {@code a/b/C}; empty for the unnamed package). */
    public static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
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

    /**
     * Whether the method declared here with this name and descriptor declares {@code InterruptedException}; null if
     * this class declares no such method.
     */
    public Boolean declaresInterruptedException(String methodName, String descriptor) {
        return methods.get(methodName + descriptor);
    }

    /** True if this class declares a method with this name and descriptor. */
    public boolean declaresMethod(String methodName, String descriptor) {
        return methods.containsKey(methodName + descriptor);
    }

    /** True if this class declares the method abstract: what runs for it is an implementation elsewhere. */
    public boolean declaresAbstract(String methodName, String descriptor) {
        return abstractMethods.contains(methodName + descriptor);
    }

    /** The field accessor declared here with this name and descriptor, or null. */
    public FieldAccessor accessor(String methodName, String descriptor) {
        return accessors.get(methodName + descriptor);
    }

    /** True if this class declares a field accessor (its private fields' shadows must be reachable from its nest). */
    public boolean hasAccessors() {
        return !accessors.isEmpty();
    }

    /** True if a {@code ldc} of this class resolves from any class in the unnamed module. */
    public boolean accessibleEverywhere() {
        return (access & Opcodes.ACC_PUBLIC) != 0 && packageExported;
    }

    /** All this says, in a text that is equal for equal classes: what rewriting another class may ask of this one. */
    public String describe() {
        String d = description; // made once: a race makes it twice, equal
        if (d == null) { // appended field by field: a record's toString links a method handle chain, slow in a cold JVM
            StringBuilder sb = new StringBuilder().append(name).append(' ').append(access).append(' ').append(superName)
                    .append(' ').append(interfaces).append(" [");
            for (FieldInfo f : fields) {
                sb.append(f.name()).append(' ').append(f.descriptor()).append(' ').append(f.access()).append(' ')
                        .append(f.isConstant()).append(", ");
            }
            sb.append("] ").append(packageExported).append(" {");
            new TreeMap<>(methods).forEach((m, bridge) -> sb.append(m).append('=').append(bridge).append(", "));
            sb.append("} {");
            new TreeMap<>(accessors).forEach((m, a) -> sb.append(m).append('=').append(a.field()).append(' ')
                    .append(a.desc()).append(' ').append(a.isStatic()).append(' ').append(a.writes()).append(", "));
            d = sb.append('}').toString();
            description = d;
        }
        return d;
    }

    @Override
    public String toString() {
        return dottedName();
    }
}
