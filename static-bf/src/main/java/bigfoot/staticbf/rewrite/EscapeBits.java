package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.ClassInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Which objects carry a local bit ({@code --elide dynamic-escape}, {@code RuntimeApi.LOCAL_BIT_FIELD}): those of a
 * rewritten class whose superclasses are rewritten by this run up to one of the JDK whose constructors, and theirs up
 * to {@code Object}, keep {@code this} to themselves ({@link ConstructorThis}: {@code Object}, {@code Record},
 * {@code javax.xml.transform.Transformer}, ...). The topmost rewritten one declares the bit and sets it at the start of
 * each of its constructors, which every constructor of the hierarchy runs first. An object of any other class (one
 * extending a class of another jar, or of the JDK whose constructor could publish {@code this} unseen, as
 * {@code Thread}'s) counts as escaped from birth. Also the methods that code which is not
 * rewritten may call through a method handle ({@code Foo::create}, {@code Foo::new}): what they return (or, for a
 * constructor, make) reaches that code, so it escapes.
 */
public final class EscapeBits {

    static final EscapeBits NONE = new EscapeBits(null, Set.of(), Set.of());

    private final ClassHierarchy hierarchy;
    private final Set<String> rewritten;
    /** {@code owner.name+desc} of the jar's methods and constructors that a method handle constant names. */
    private final Set<String> handleTargets;
    private final Map<String, Optional<String>> roots = new ConcurrentHashMap<>();
    private final Map<String, Boolean> keeping = new ConcurrentHashMap<>();
    private final Map<String, Boolean> jdk = new ConcurrentHashMap<>();

    EscapeBits(ClassHierarchy hierarchy, Set<String> rewritten, Set<String> handleTargets) {
        this.hierarchy = hierarchy;
        this.rewritten = Set.copyOf(rewritten);
        this.handleTargets = Set.copyOf(handleTargets);
    }

    boolean enabled() {
        return hierarchy != null;
    }

    /** True if {@code className} is a class this run rewrites. */
    boolean isRewritten(String className) {
        return rewritten.contains(className);
    }

    /** The class declaring the bit the objects of {@code className} carry, or null: they are escaped from birth. */
    String root(String className) {
        if (!enabled()) {
            return null;
        }
        return roots.computeIfAbsent(className, c -> Optional.ofNullable(findRoot(c))).orElse(null);
    }

    private String findRoot(String className) {
        for (String c = className; ; ) {
            ClassInfo info = rewritten.contains(c) ? hierarchy.find(c) : null;
            if (info == null || info.isInterface()) {
                return null;
            }
            String superName = info.superName();
            if (!rewritten.contains(superName)) {
                return keepsThis(superName) ? c : null;
            }
            c = superName;
        }
    }

    /**
     * False if no object of {@code className} or of a subclass, in any jar, can carry a bit: a final JDK class
     * ({@code String}, the boxes, {@code Class}), or one (not an interface) whose constructors, or its superclasses',
     * may let {@code this} go ({@link ConstructorThis}: {@code BigDecimal}, {@code HashMap}); a subclass's root would
     * have to be below it, and that needs it to keep {@code this}.
     */
    boolean mayBeLocal(String className) {
        if (!isJdk(className)) {
            return true;
        }
        ClassInfo info = hierarchy.find(className);
        return info == null || info.isInterface()
                || (info.access() & Opcodes.ACC_FINAL) == 0 && keepsThis(className);
    }

    /**
     * True if the constructors of {@code className}, a class this run does not rewrite, and of its superclasses keep
     * {@code this} to themselves ({@link ConstructorThis}); false if its class file cannot be read (another jar's).
     */
    private boolean keepsThis(String className) {
        if (className == null || ClassHierarchy.OBJECT.equals(className)) {
            return true;
        }
        Boolean known = keeping.get(className);
        if (known == null) {
            byte[] classFile = hierarchy.classFile(className);
            known = classFile != null && ConstructorThis.keeps(classFile, this::keepsThis);
            keeping.put(className, known);
        }
        return known;
    }

    /**
     * The methods and constructors ({@code owner.name+descriptor}) that the method handle constants of
     * {@code classFiles} name: an invokedynamic's bootstrap arguments (a lambda's body, a method reference) and
     * {@code ldc} of a handle.
     */
    public static Set<String> handleTargets(List<byte[]> classFiles) {
        Set<String> targets = new HashSet<>();
        MethodVisitor collector = new MethodVisitor(Opcodes.ASM9) {
            @Override
            public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
                for (Object a : arguments) {
                    visitLdcInsn(a);
                }
            }

            @Override
            public void visitLdcInsn(Object value) {
                if (value instanceof Handle h) {
                    targets.add(h.getOwner() + "." + h.getName() + h.getDesc());
                }
            }
        };
        ClassVisitor visitor = new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return collector;
            }
        };
        for (byte[] classFile : classFiles) {
            new ClassReader(classFile).accept(visitor, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
        return targets;
    }

    /** True if {@code className} is the JDK's (the hierarchy reads its class file from the running JDK). */
    boolean isJdk(String className) {
        return jdk.computeIfAbsent(className, c -> hierarchy.classFile(c) != null);
    }

    /** True if a method handle constant of the jar names {@code owner.name desc}. */
    boolean isHandleTarget(String owner, String name, String descriptor) {
        return handleTargets.contains(owner + "." + name + descriptor);
    }
}
