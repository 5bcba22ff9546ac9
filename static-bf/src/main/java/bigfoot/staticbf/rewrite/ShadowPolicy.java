package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldInfo;
import java.util.List;
import java.util.Set;

/**
 * Which fields have a shadow field next to them. Every class asks this about the fields it accesses
 * and the declaring class asks it about the fields it declares, so both sides agree.
 */
public final class ShadowPolicy {

    static final String VAR_STATE_DESC = "L" + RuntimeApi.VAR_STATE + ";";
    static final String UPDATER_DESC = "L" + RuntimeApi.UPDATER + ";";

    private final Set<String> rewrittenClasses;

    /** @param rewrittenClasses internal names of the input classes this run rewrites */
    public ShadowPolicy(Set<String> rewrittenClasses) {
        this.rewrittenClasses = Set.copyOf(rewrittenClasses);
    }

    /** True if accesses to {@code field} of {@code declaring} use its shadow field. */
    public boolean hasShadow(ClassInfo declaring, FieldInfo field) {
        if (declaring.field(RuntimeApi.shadowField(field.name()), VAR_STATE_DESC) != null) {
            return true; // rewritten by an earlier run
        }
        return rewrittenClasses.contains(declaring.name()) && shadowable(declaring.fields(), field);
    }

    /** The fields of a class being rewritten that get a shadow. */
    static List<FieldInfo> shadowedFields(ClassInfo c) {
        return c.fields().stream().filter(f -> shadowable(c.fields(), f)).toList();
    }

    /**
     * Non-final fields get a shadow; so do final static fields that are not compile-time constants, whose
     * shadow only carries the class-initialisation order (a read of one is where a thread meets the end of
     * {@code <clinit>}). Final instance fields get none. A field shares its name with another field (legal in
     * class files, never written by javac) gets none either: reflection, which the updaters use, finds
     * fields by name alone; such fields are checked as foreign fields instead.
     */
    private static boolean shadowable(List<FieldInfo> fields, FieldInfo f) {
        if (f.isFinal() && (!f.isStatic() || f.isConstant())) {
            return false;
        }
        for (FieldInfo g : fields) {
            if (g != f && g.name().equals(f.name())) {
                return false;
            }
        }
        return true;
    }
}
