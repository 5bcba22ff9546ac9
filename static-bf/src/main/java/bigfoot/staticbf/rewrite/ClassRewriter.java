package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.bytecode.BytecodeOffsets;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.SerialVersionUIDAdder;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites one class: every method's accesses and synchronisation operations, the shadow members and
 * {@code <clinit>}. A method that no longer fits the JVM's 64 KB limit once instrumented is left as it
 * was, and the class is rewritten again without it. The class file comes with its subroutines inlined
 * ({@code Subroutines}), as the analysis read it: frames could not describe them.
 */
public final class ClassRewriter {

    /** The outcome for one class: its new bytes (or the original ones if unchanged) and what was emitted. */
    public record Result(byte[] bytes, boolean changed, Counts counts) {
    }

    /** A class that cannot be rewritten at all. */
    public static final class RewriteException extends Exception {
        RewriteException(String message) {
            super(message);
        }
    }

    private static final String CLINIT = "<clinit>";

    private final Environment env;

    public ClassRewriter(Environment env) {
        this.env = env;
    }

    public Result rewrite(byte[] original) throws RewriteException {
        Map<String, Integer> tooLarge = new LinkedHashMap<>(); // method name+desc -> its code size
        while (true) {
            try {
                Result result = attempt(original, tooLarge.keySet());
                String className = new ClassReader(original).getClassName().replace('/', '.');
                tooLarge.forEach((method, size) -> {
                    result.counts().methodTooLarge();
                    env.diagnostics().warn("method " + className + "." + method + " would be " + size + " bytes of code once instrumented (the JVM allows "
                            + "65535); " + (method.startsWith(CLINIT) ? "only its class-initialisation events were added"
                            : "left unchanged, its accesses are not checked"));
                });
                return result;
            } catch (MethodTooLargeException e) {
                String method = e.getMethodName() + e.getDescriptor();
                if (tooLarge.putIfAbsent(method, e.getCodeSize()) != null) {
                    throw new RewriteException("method " + method + " is too large even with only the events "
                            + "it cannot do without");
                }
            } catch (ClassTooLargeException e) {
                throw new RewriteException("the class would be too large once instrumented (constant pool of "
                        + e.getConstantPoolCount() + " entries)");
            }
        }
    }

    private Result attempt(byte[] original, Set<String> tooLarge) {
        ClassReader reader = new ClassReader(original);
        ClassInfo info = ClassInfo.read(original, true);
        ClassNode node = new ClassNode();
        reader.accept(needsSerialVersionUid(info) ? new SerialVersionUIDAdder(node) : node,
                ClassReader.SKIP_FRAMES);
        BytecodeOffsets offsets = BytecodeOffsets.of(reader);
        ClassContext cls = new ClassContext(node, env);
        MethodNode clinit = null;
        for (MethodNode m : node.methods) {
            boolean instrumentBody = !tooLarge.contains(m.name + m.desc);
            if (CLINIT.equals(m.name)) {
                clinit = m;
            }
            if (instrumentBody || m == clinit || env.escapeBits().enabled()) { // a too-large one: the events it needs
                Map<AbstractInsnNode, Integer> bcis = offsets.of(m);
                MethodRewriter.rewrite(cls, m, bcis, instrumentBody);
            }
        }
        List<FieldInfo> shadowed = env.shadows().shadowedFields(info);
        boolean capsule = env.capsules().isCapsule(node.name);
        boolean bitRoot = node.name.equals(env.escapeBits().root(node.name));
        if (!capsule && !bitRoot && !needsRewrite(cls, shadowed)) {
            return new Result(original, false, cls.counts.accessesOnly()); // every access elided: still counted
        }
        if (clinit == null) {
            clinit = new MethodNode(Opcodes.ACC_STATIC, CLINIT, "()V", null, null);
            clinit.instructions.add(new InsnNode(Opcodes.RETURN));
            node.methods.add(clinit);
            MethodRewriter.rewrite(cls, clinit, Map.of(), true);
        }
        ShadowMembers.addFields(node, shadowed, env.shadows().proxyMarkers(info), info.hasAccessors(), capsule,
                env.escapeBits().enabled(), bitRoot);
        InsnList prologue = ShadowMembers.clinitPrologue(node.name, cls.sites.encode(), shadowed, capsule,
                env.verifyPlacement()).take();
        cls.counts.countRuntimeCalls(prologue);
        clinit.instructions.insert(prologue);
        cls.counts.sites(cls.sites.size());
        boolean raised = (node.version & 0xFFFF) < Opcodes.V1_5;
        if (raised) {
            node.version = Opcodes.V1_5; // ldc of a Class constant needs class file version 49
        }
        boolean frames = (node.version & 0xFFFF) >= Opcodes.V1_6;
        // a raised class gets a constant pool of its own, not the original's copied: versions up to 47 accept
        // overlong UTF-8 forms that 49 rejects (javac of that era wrote non-ASCII strings so), and ASM writes the
        // strings it decoded in the canonical form
        ClassWriter writer = new HierarchyClassWriter(raised ? null : reader, frames ? ClassWriter.COMPUTE_FRAMES
                : ClassWriter.COMPUTE_MAXS, env.hierarchy());
        node.accept(writer);
        return new Result(writer.toByteArray(), true, cls.counts);
    }

    /**
     * A class needs rewriting if it has a field to shadow or anything to check or report besides the
     * class-initialisation events every rewritten class gets.
     */
    private static boolean needsRewrite(ClassContext cls, List<FieldInfo> shadowed) {
        int routine = cls.counts.calls(RuntimeApi.THREAD) + cls.counts.calls(RuntimeApi.CLASS_INITIALIZED);
        return !shadowed.isEmpty() || cls.counts.totalCalls() > routine;
    }

    /**
     * Classes that are, or inherit, Serializable and rely on the computed serialVersionUID keep the one
     * the ORIGINAL class had (our members would change it). Enums and records do not use it; interfaces
     * cannot take the field in the form SerialVersionUIDAdder writes.
     */
    private boolean needsSerialVersionUid(ClassInfo info) {
        return (info.access() & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM)) == 0
                && !"java/lang/Record".equals(info.superName())
                && env.hierarchy().isSubtypeOf(info.name(), "java/io/Serializable");
    }
}
