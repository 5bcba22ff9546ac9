package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.ResolvedField;
import java.util.Optional;
import org.objectweb.asm.tree.FieldInsnNode;

/**
 * What a field instruction touches, as far as checks are concerned.
 *
 * @param shadowed      the declaring class is rewritten: the shadow is the field {@code __bf$s$<shadow>},
 *                      reached through {@code shadowClass}
 * @param shadow        the field whose shadow (and updater) checks use: this one, its proxy group's
 *                      ({@link FieldProxies}), or for a capsule's own field the capsule location; null if not shadowed
 * @param shadowClass   the class the shadow's members are named through: the instruction's own owner (JVM resolution
 *                      finds them in the declaring class, with the same access as the field), or for a capsule's own
 *                      field the capsule class, since a subclass capsule's location has the same member names
 * @param isFinal       a final static field with a shadow: only the class-initialisation order, no check
 * @param isVolatile    a volatile field: synchronisation events instead of a race check
 * @param qualifiedName {@code pkg.DeclaringClass.field}, or the group {@code pkg.DeclaringClass.x/y/z}
 * @param classConstant the class a foreign static check passes: the declaring class when the rewritten
 *                      code may name it, else the instruction's owner
 */
record FieldTarget(boolean shadowed, String shadow, String shadowClass, boolean isFinal, boolean isVolatile,
        String qualifiedName, String classConstant) {

    /** True for a capsule's own field, whose shadow is its object's capsule location. */
    boolean capsule() {
        return RuntimeApi.CAPSULE_LOCATION.equals(shadow);
    }

    /** What one check covers: the field, or its proxy group, or (every own field of a capsule class) its location. */
    String location() {
        return capsule() ? shadowClass + "." + shadow : qualifiedName;
    }

    /** The target of {@code insn}, or empty if it needs nothing (a final field without a shadow). */
    static Optional<FieldTarget> of(ClassContext cls, FieldInsnNode insn) {
        Optional<ResolvedField> resolved = cls.fields().resolve(insn.owner, insn.name, insn.desc);
        if (resolved.isEmpty()) {
            String name = insn.owner.replace('/', '.') + "." + insn.name;
            cls.diagnostics().warnOnce("field " + name + ":" + insn.desc, "cannot resolve field " + name
                    + " (used in " + cls.name().replace('/', '.') + "); it is checked as a foreign field");
            return Optional.of(new FieldTarget(false, null, null, false, false, name, insn.owner));
        }
        ResolvedField field = resolved.get();
        ClassInfo declaring = field.declaringClass();
        boolean shadowed = cls.shadows().hasShadow(declaring, field.field());
        boolean isFinal = field.field().isFinal();
        if (isFinal && !shadowed) {
            return Optional.empty();
        }
        boolean nameable = declaring.accessibleEverywhere() || declaring.name().equals(insn.owner);
        boolean capsule = cls.shadows().isCapsuleField(declaring, field.field());
        return Optional.of(new FieldTarget(shadowed, shadowed ? cls.shadows().shadowOwner(declaring, field.field()) : null,
                capsule ? declaring.name() : insn.owner, isFinal, field.field().isVolatile(),
                shadowed ? cls.shadows().qualifiedName(declaring, field.field()) : field.qualifiedName(),
                nameable ? declaring.name() : insn.owner));
    }
}
