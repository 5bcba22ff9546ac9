package bigfoot.staticbf.jar;

import bigfoot.staticbf.rewrite.Counts;
import bigfoot.staticbf.rewrite.FieldProxies;
import bigfoot.staticbf.tool.ToolVersion;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code META-INF/bigfoot/instrumented.properties} resource (java.util.Properties format): mode, elide
 * (the {@code --elide} filter), capsules (the {@code --capsules} value; the number of capsule classes, and the accesses
 * their capsule checks cover as {@code checks.capsule}), the access sites by kind and by what covers them
 * ({@code sites.array.protected}, {@link Counts.SiteCategory}), verify (true if access events were added for the
 * precise-checks verifier), the field proxy groups
 * ({@code proxies.pkg.C.x/y/z=x symmetric}: the field whose shadow they share), tool version and counts. Written without a timestamp so equal inputs give equal jars.
 */
final class Metadata {

    private Metadata() {
    }

    /** {@code sites.field.capsule-location}: the access sites of a kind that a category covers. */
    static String siteKey(Counts.SiteKind kind, Counts.SiteCategory category) {
        return "sites." + kind.name().toLowerCase(Locale.ROOT) + "." + category.name().toLowerCase(Locale.ROOT)
                .replace('_', '-');
    }

    static byte[] of(String mode, String elide, String capsules, boolean verify, FieldProxies proxies, Counts counts) {
        Map<String, Object> p = new TreeMap<>();
        p.put("mode", mode);
        p.put("elide", elide);
        p.put("capsules", capsules);
        p.put("capsules.classes", counts.capsuleClasses());
        p.put("checks.capsule", counts.capsuleAccesses());
        p.put("proxies.groups", proxies.groups().size());
        proxies.groups().forEach(g -> p.put("proxies." + g.fieldNames(),
                g.representative() + (g.symmetric() ? " symmetric" : " asymmetric")));
        p.put("verify", verify);
        p.put("tool", "staticbf");
        p.put("tool.version", ToolVersion.get());
        p.put("classes.rewritten", counts.classesRewritten());
        p.put("classes.unchanged", counts.classesUnchanged());
        p.put("classes.skipped", counts.classesSkipped());
        p.put("classes.alreadyInstrumented", counts.classesAlreadyInstrumented());
        p.put("methods.tooLarge", counts.methodsTooLarge());
        p.put("sites", counts.sites());
        p.put("checks.moved", counts.checksMoved());
        p.put("checks.covered", counts.checksCovered());
        p.put("checks.elided", counts.checksElided());
        p.put("accesses", counts.accesses());
        counts.analysis().ifPresent(a -> {
            p.put("analysis.methods", a.methods());
            p.put("analysis.failed", a.failed());
            p.put("analysis.z3.queries", a.z3Queries());
        });
        counts.callsByEntry().forEach((entry, n) -> p.put("calls." + entry, n));
        for (Counts.SiteKind kind : Counts.SiteKind.values()) {
            for (Counts.SiteCategory category : Counts.SiteCategory.values()) {
                p.put(siteKey(kind, category), counts.categorised(kind, category));
            }
        }
        StringBuilder sb = new StringBuilder("# instrumented by staticbf\n");
        p.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
