package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.ResolvedField;
import java.util.Optional;
import org.objectweb.asm.tree.FieldInsnNode;

/**
 * What a field instruction touches, as far as checks are concerned.
 *
 * @param shadowed      the declaring class is rewritten: the shadow is the field {@code __bf$s$<shadow>},
 *                      reached through the instruction's own owner (JVM resolution finds it in the
 *                      declaring class, with the same access as the field)
 * @param shadow        the field whose shadow (and updater) checks use: this one, or its proxy group's
 *                      ({@link FieldProxies}); null if not shadowed
 * @param isFinal       a final static field with a shadow: only the class-initialisation order, no check
 * @param isVolatile    a volatile field: synchronisation events instead of a race check
 * @param qualifiedName {@code pkg.DeclaringClass.field}, or the group {@code pkg.DeclaringClass.x/y/z}
 * @param classConstant the class a foreign static check passes: the declaring class when the rewritten
 *                      code may name it, else the instruction's owner
 */
record FieldTarget(boolean shadowed, String shadow, boolean isFinal, boolean isVolatile, String qualifiedName, String classConstant) {

    /** The target of {@code insn}, or empty if it needs nothing (a final field without a shadow). */
    static Optional<FieldTarget> of(ClassContext cls, FieldInsnNode insn) {
        Optional<ResolvedField> resolved = cls.fields().resolve(insn.owner, insn.name, insn.desc);
        if (resolved.isEmpty()) {
            String name = insn.owner.replace('/', '.') + "." + insn.name;
            cls.diagnostics().warnOnce("field " + name + ":" + insn.desc, "cannot resolve field " + name
                    + " (used in " + cls.name().replace('/', '.') + "); it is checked as a foreign field");
            return Optional.of(new FieldTarget(false, null, false, false, name, insn.owner));
        }
        ResolvedField field = resolved.get();
        ClassInfo declaring = field.declaringClass();
        boolean shadowed = cls.shadows().hasShadow(declaring, field.field());
        boolean isFinal = field.field().isFinal();
        if (isFinal && !shadowed) {
            return Optional.empty();
        }
        boolean nameable = declaring.accessibleEverywhere() || declaring.name().equals(insn.owner);
        return Optional.of(new FieldTarget(shadowed, shadowed ? cls.shadows().shadowOwner(declaring, field.field()) : null,
                isFinal, field.field().isVolatile(),
                shadowed ? cls.shadows().qualifiedName(declaring, field.field()) : field.qualifiedName(),
                nameable ? declaring.name() : insn.owner));
    }
}
