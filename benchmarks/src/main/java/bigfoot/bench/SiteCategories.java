package bigfoot.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;

/**
 * The access sites of a program's rewritten jars by kind (arrays, instance fields, statics) and by what covers them,
 * as the BigFoot dissertation's Table 5.1 sorts sites, from StaticBF's metadata ({@code sites.<kind>.<category>}):
 * the capsule checks of an activation (CAP for fields, capsule-protected for arrays), an own field of another object
 * checked on its capsule location, elided (thread-local), or a check the placement puts. Static, not the
 * dissertation's per-run classification: every site of the jars counts, run or not.
 */
final class SiteCategories {

    private static final List<String> KINDS = List.of("field", "array", "static");
    private static final List<String> CATEGORIES =
            List.of("capsule", "protected", "capsule-location", "elided", "placed");

    private SiteCategories() {
    }

    /** {@code field sites 1,234: capsule 40%, capsule-location 10%, placed 50%; array sites ...} over {@code jars}. */
    static String describe(List<Path> jars) throws IOException {
        List<String> kinds = new ArrayList<>();
        for (String kind : KINDS) {
            long[] n = new long[CATEGORIES.size()];
            for (int c = 0; c < n.length; c++) {
                n[c] = RewriteMetadata.total(jars, "sites." + kind + "." + CATEGORIES.get(c));
            }
            long all = LongStream.of(n).sum();
            List<String> shares = new ArrayList<>();
            for (int c = 0; c < n.length; c++) {
                if (n[c] > 0) {
                    shares.add(CATEGORIES.get(c) + String.format(Locale.ROOT, " %.0f%%", 100.0 * n[c] / all));
                }
            }
            kinds.add(kind + String.format(Locale.ROOT, " sites %,d", all) + (shares.isEmpty() ? "" : ": ")
                    + String.join(", ", shares));
        }
        return String.join("; ", kinds);
    }
}
