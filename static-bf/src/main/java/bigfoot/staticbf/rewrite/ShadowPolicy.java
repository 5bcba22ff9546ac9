package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.capsule.Capsules;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which fields have a shadow field, and whose: a field's own ({@code __bf$s$f}), or, for a field that shares one
 * ({@link FieldProxies}), its group's. Every class asks this about the fields it accesses and the declaring class
 * asks it about the fields it declares, so both sides agree. A class rewritten by an earlier run says which of
 * its fields share a shadow with a marker field {@code __bf$p$<field>#<representative>}.
 */
public final class ShadowPolicy {

    static final String VAR_STATE_DESC = "L" + RuntimeApi.VAR_STATE + ";";
    static final String FIELD_SHADOW_DESC = "L" + RuntimeApi.FIELD_SHADOW + ";";
    static final String UPDATER_DESC = "L" + RuntimeApi.UPDATER + ";";
    static final String LONG_UPDATER_DESC = "L" + RuntimeApi.LONG_UPDATER + ";";
    /** Prefix of the marker of a field that uses another field's shadow; '#' never appears in javac's names. */
    static final String PROXIED_PREFIX = "__bf$p$";

    private final Set<String> rewrittenClasses;
    private final FieldProxies proxies;
    private final Capsules capsules;

    /** @param rewrittenClasses internal names of the input classes this run rewrites */
    public ShadowPolicy(Set<String> rewrittenClasses) {
        this(Set.copyOf(rewrittenClasses), FieldProxies.NONE, Capsules.NONE);
    }

    private ShadowPolicy(Set<String> rewrittenClasses, FieldProxies proxies, Capsules capsules) {
        this.rewrittenClasses = rewrittenClasses;
        this.proxies = proxies;
        this.capsules = capsules;
    }

    /** This policy with the fields of {@code groups} sharing their group's shadow. */
    public ShadowPolicy withProxies(FieldProxies groups) {
        return new ShadowPolicy(rewrittenClasses, groups, capsules);
    }

    /** This policy with the own fields of capsule classes sharing their object's capsule location as their shadow. */
    ShadowPolicy withCapsules(Capsules chosen) {
        return new ShadowPolicy(rewrittenClasses, proxies, chosen);
    }

    /** True if accesses to {@code field} of {@code declaring} use a shadow field (a capsule's own field: its location). */
    public boolean hasShadow(ClassInfo declaring, FieldInfo field) {
        if (isCapsuleField(declaring, field)) {
            return true;
        }
        if (declaring.field(RuntimeApi.shadowField(field.name()), VAR_STATE_DESC) != null
                || earlierProxy(declaring, field).isPresent()) {
            return true; // rewritten by an earlier run
        }
        return rewrittenClasses.contains(declaring.name()) && shadowable(declaring, field);
    }

    /**
     * The field whose shadow {@code field} uses (itself unless it shares its group's, or its capsule's location
     * {@link RuntimeApi#CAPSULE_LOCATION}); only if it has a shadow.
     */
    String shadowOwner(ClassInfo declaring, FieldInfo field) {
        if (isCapsuleField(declaring, field)) {
            return RuntimeApi.CAPSULE_LOCATION;
        }
        return proxies.groupOf(declaring.name(), field.name()).map(FieldProxies.Group::representative)
                .or(() -> earlierProxy(declaring, field)).orElse(field.name());
    }

    /** True if {@code field} is an own field of a capsule class ({@code --capsules}): its shadow is the capsule location. */
    boolean isCapsuleField(ClassInfo declaring, FieldInfo field) {
        return capsules.isOwnField(declaring.name(), field.name());
    }

    /** What sites name: {@code pkg.C.f}, or the group {@code pkg.C.x/y/z} the field shares its shadow with. */
    String qualifiedName(ClassInfo declaring, FieldInfo field) {
        return proxies.groupOf(declaring.name(), field.name()).map(FieldProxies.Group::qualifiedName)
                .orElse(declaring.dottedName() + "." + field.name());
    }

    /** True if {@code field} may share a shadow: an instance field with a shadow of its own in a class of this run. */
    boolean proxiable(ClassInfo declaring, FieldInfo field) {
        return rewrittenClasses.contains(declaring.name()) && !field.isStatic() && !field.isVolatile()
                && shadowable(declaring, field);
    }

    /** The fields of a class being rewritten that get a shadow field: all shadowable ones but proxied ones. */
    List<FieldInfo> shadowedFields(ClassInfo c) {
        return c.fields().stream().filter(f -> shadowable(c, f) && shadowOwner(c, f).equals(f.name()))
                .toList();
    }

    /** The marker names of the fields of a class being rewritten that use another field's shadow. */
    List<String> proxyMarkers(ClassInfo c) {
        return c.fields().stream().filter(f -> proxies.groupOf(c.name(), f.name()).isPresent())
                .filter(f -> !shadowOwner(c, f).equals(f.name()))
                .map(f -> PROXIED_PREFIX + f.name() + "#" + shadowOwner(c, f)).toList();
    }

    private static Optional<String> earlierProxy(ClassInfo declaring, FieldInfo field) {
        String prefix = PROXIED_PREFIX + field.name() + "#";
        for (FieldInfo f : declaring.fields()) { // a loop, not a stream: asked at every field check, often in a cold JVM
            if (f.name().startsWith(prefix)) {
                return Optional.of(f.name().substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    /**
     * Non-final fields get a shadow; so do final static fields that are not compile-time constants, whose
     * shadow only carries the class-initialisation order (a read of one is where a thread meets the end of
     * {@code <clinit>}). Final instance fields get none. A field shares its name with another field (legal in
     * class files, never written by javac) gets none either: reflection, which the updaters use, finds
     * fields by name alone; such fields are checked as foreign fields instead. A capsule's own fields get none.
     */
    private boolean shadowable(ClassInfo declaring, FieldInfo f) {
        if ((f.isFinal() && (!f.isStatic() || f.isConstant())) || capsules.isOwnField(declaring.name(), f.name())) {
            return false;
        }
        for (FieldInfo g : declaring.fields()) {
            if (g != f && g.name().equals(f.name())) {
                return false;
            }
        }
        return true;
    }
}
