package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldInfo;
import bigfoot.staticbf.hierarchy.ResolvedField;
import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * STATIC FIELD COMPRESSION (the BigFoot dissertation, section 3.4, the "shadow proxy" of RedCard): one pass over every
 * check the placement puts in the program finds instance fields of one class that can share one shadow.
 *
 * <p>Field x is a PROXY for y when every check of {@code p.y} also checks {@code p.x}, at the same point, under the
 * same "if the loop ran" guard, and with at least y's kind (a write check of x for a write check of y). Then every
 * operation on the shared shadow is the one x's own shadow would have had (the strongest kind at each point is
 * x's), so the shared shadow races exactly when x does, and a race on y implies one on x: race-free traces stay
 * race-free, and every race is still found. When y is also a proxy for x with the same kinds (the fields are
 * checked at exactly the same points: SYMMETRIC), y races exactly when x does and the detector stays
 * address-precise; the group is reported as {@code pkg.Point.x/y/z}. An ASYMMETRIC group is reported as x's,
 * saying that the others share its shadow and may not have raced.
 *
 * <p>The checks are the ones the rewriter makes ({@link ProgramFit}): a method follows its plan when the plan fits
 * its code, otherwise every access the placement keeps is checked at itself, a check point of its own, and a field
 * checked on its own somewhere can only be a representative. Fields never checked (or static, volatile, final, or
 * declared in a class this run does not rewrite) keep their own shadow.
 */
public final class FieldProxies {

    /**
     * Fields sharing one shadow, the representative's (first); symmetric if all are checked at exactly the same
     * points with the same kinds.
     */
    public record Group(String owner, List<String> fields, boolean symmetric) {

        /** The field whose shadow the group uses. */
        public String representative() {
            return fields.get(0);
        }

        /** {@code pkg.Point.x/y/z}: every field of the group. */
        public String fieldNames() {
            return owner.replace('/', '.') + "." + String.join("/", fields);
        }

        /** What sites and reports name: {@code pkg.Point.x/y/z}, or the representative's with a warning. */
        public String qualifiedName() {
            String others = String.join("/", fields.subList(1, fields.size()));
            return owner.replace('/', '.') + "." + (symmetric ? representative() + "/" + others
                    : representative() + " (shadow shared with " + others + ", which may not have raced)");
        }
    }

    /** No field shares a shadow ({@code --fields per-field}). */
    public static final FieldProxies NONE = new FieldProxies(Map.of());

    /** Declaring class -> field -> its group (only groups of two or more). */
    private final Map<String, Map<String, Group>> groups;

    private FieldProxies(Map<String, Map<String, Group>> groups) {
        this.groups = groups;
    }

    /** The group of field {@code name} declared in {@code owner}, if it shares a shadow. */
    public Optional<Group> groupOf(String owner, String name) {
        Map<String, Group> byField = groups.get(owner);
        return byField == null ? Optional.empty() : Optional.ofNullable(byField.get(name));
    }

    /** Every group, once. */
    public List<Group> groups() {
        List<Group> all = new ArrayList<>();
        groups.values().forEach(byField -> byField.values().stream().distinct().forEach(all::add));
        return all;
    }

    /**
     * What a class's rewriting depends on of the groups: every group. Rewritings made under groups of one digest are
     * made under the same groups.
     */
    public String digest() {
        Digest d = new Digest();
        groups().stream().map(Group::toString).sorted().forEach(d::add);
        return d.hex();
    }

    /** Writes every group for {@link #decode}. */
    public void encode(Encoder out) {
        List<Group> all = groups();
        out.writeInt(all.size());
        for (Group g : all) {
            out.writeString(g.owner()).writeBoolean(g.symmetric()).writeInt(g.fields().size());
            g.fields().forEach(out::writeString);
        }
    }

    /** The groups {@link #encode} wrote. */
    public static FieldProxies decode(Decoder in) throws Decoder.Malformed {
        Map<String, Map<String, Group>> groups = new HashMap<>();
        for (int n = in.readInt(), i = 0; i < n; i++) {
            String owner = in.readString();
            boolean symmetric = in.readBoolean();
            List<String> fields = new ArrayList<>();
            for (int k = in.readInt(), j = 0; j < k; j++) {
                fields.add(in.readString());
            }
            if (fields.size() < 2) {
                throw new Decoder.Malformed("a group of " + fields.size() + " field(s)");
            }
            Group g = new Group(owner, List.copyOf(fields), symmetric);
            fields.forEach(f -> groups.computeIfAbsent(owner, o -> new HashMap<>()).put(f, g));
        }
        return new FieldProxies(groups);
    }

    /** The groups of the classes a run rewrites, by the field checks their {@code fit} will make. */
    public static FieldProxies find(ProgramFit fit, Environment env) {
        Map<ClassInfo, Map<String, Map<CheckPoint, Boolean>>> seen = new LinkedHashMap<>();
        for (ClassFit.FieldCheck c : fit.fieldChecks()) {
            Optional<ResolvedField> resolved = env.fields().resolve(c.owner(), c.name(), c.desc());
            if (resolved.isPresent() && env.shadows().proxiable(resolved.get().declaringClass(), resolved.get().field())) {
                seen.computeIfAbsent(resolved.get().declaringClass(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(c.name(), f -> new HashMap<>())
                        .merge(new CheckPoint(c.method(), c.point(), c.object(), c.ranIf()), c.write(),
                                Boolean::logicalOr);
            }
        }
        Map<String, Map<String, Group>> groups = new HashMap<>();
        seen.forEach((owner, byField) -> {
            for (Group g : group(owner, byField)) {
                g.fields().forEach(f -> groups.computeIfAbsent(owner.name(), o -> new HashMap<>()).put(f, g));
            }
        });
        return new FieldProxies(groups);
    }

    /**
     * The groups of one class: fields by decreasing number of check points (then in declaration order), each not
     * yet grouped one the representative of the ungrouped fields it is a proxy for.
     */
    private static List<Group> group(ClassInfo owner, Map<String, Map<CheckPoint, Boolean>> byField) {
        List<String> order = new ArrayList<>();
        owner.fields().stream().map(FieldInfo::name).filter(byField::containsKey).forEach(order::add);
        order.sort(Comparator.comparingInt((String f) -> byField.get(f).size()).reversed()); // stable
        Set<String> grouped = new HashSet<>();
        List<Group> groups = new ArrayList<>();
        for (String rep : order) {
            if (grouped.contains(rep)) {
                continue;
            }
            List<String> fields = new ArrayList<>(List.of(rep));
            boolean symmetric = true;
            for (String f : order) {
                if (!f.equals(rep) && !grouped.contains(f) && isProxy(byField.get(rep), byField.get(f))) {
                    fields.add(f);
                    symmetric &= byField.get(rep).equals(byField.get(f));
                }
            }
            if (fields.size() > 1) {
                grouped.addAll(fields);
                groups.add(new Group(owner.name(), List.copyOf(fields), symmetric));
            }
        }
        return groups;
    }

    /** True if x's checks include each of y's with at least its kind (true: write). */
    private static boolean isProxy(Map<CheckPoint, Boolean> x, Map<CheckPoint, Boolean> y) {
        for (Map.Entry<CheckPoint, Boolean> e : y.entrySet()) {
            Boolean write = x.get(e.getKey());
            if (write == null || e.getValue() && !write) {
                return false;
            }
        }
        return true;
    }

    /** Where a field is checked: the method and the point in it, the object, the loop guard. */
    private record CheckPoint(String method, String point, int object, Bounds ranIf) {

        // equals and hashCode written out: a record's own go through a method handle chain, which a re-run's cold
        // JVM runs interpreted, and a program's every field check is hashed here
        @Override
        public boolean equals(Object o) {
            return o instanceof CheckPoint p && object == p.object && method.equals(p.method)
                    && point.equals(p.point) && Objects.equals(ranIf, p.ranIf);
        }

        @Override
        public int hashCode() {
            return (method.hashCode() * 31 + point.hashCode()) * 31 + object;
        }
    }
}
