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
     * Non-final fields get a shadow, unless its name would clash with another added member: a field
     * {@code sb} (its shadow would be the site base {@code __bf$sb}), two fields of one name (legal in
     * class files) or a field {@code u$x} next to a field {@code x} (shadow of one = updater of the other).
     * Reflection, which the updaters use, finds fields by name alone. Those fields are checked as foreign
     * fields instead.
     */
    private static boolean shadowable(List<FieldInfo> fields, FieldInfo f) {
        if (f.isFinal() || RuntimeApi.shadowField(f.name()).equals(RuntimeApi.SITE_BASE_FIELD)) {
            return false;
        }
        for (FieldInfo g : fields) {
            if (g != f && !g.isFinal() && (g.name().equals(f.name()) || g.name().equals("u$" + f.name())
                    || f.name().equals("u$" + g.name()))) {
                return false;
            }
        }
        return true;
    }
}
