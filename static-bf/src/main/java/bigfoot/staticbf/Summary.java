package bigfoot.staticbf;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.Counts;
import java.util.Locale;

/** The one line {@code staticbf} prints on success. */
final class Summary {

    private Summary() {
    }

    /** @param seconds the whole run's wall time */
    static String line(String output, String mode, Counts c, double seconds) {
        return head(output, mode) + counts(c) + "; time: " + timing(c, seconds);
    }

    /**
     * The line of a run that reused a cached rewrite ({@code counts} and {@code timing} as that rewrite's run said
     * them) and took {@code seconds}.
     */
    static String reused(String output, String mode, String counts, String timing, double seconds) {
        return head(output, mode) + counts + String.format(Locale.ROOT, "; time: %.1f s, reused from the cache (made in %s)",
                seconds, timing);
    }

    private static String head(String output, String mode) {
        return "staticbf: wrote " + output + " (" + mode + "): ";
    }

    /** What was rewritten and placed: the line between its head and its time. */
    static String counts(Counts c) {
        int freshReads = c.calls(RuntimeApi.READ_FRESH);
        int field = c.calls(RuntimeApi.READ_FIELD) + c.calls(RuntimeApi.WRITE_FIELD) + freshReads
                + c.calls(RuntimeApi.WRITE_FRESH);
        int statics = c.calls(RuntimeApi.READ_STATIC) + c.calls(RuntimeApi.WRITE_STATIC);
        int array = c.calls(RuntimeApi.READ_ARRAY) + c.calls(RuntimeApi.WRITE_ARRAY) + c.calls(RuntimeApi.READ_ELEMENT)
                + c.calls(RuntimeApi.WRITE_ELEMENT);
        int ranges = c.calls(RuntimeApi.READ_ARRAY_RANGE) + c.calls(RuntimeApi.WRITE_ARRAY_RANGE);
        int foreign = c.calls(RuntimeApi.READ_FOREIGN) + c.calls(RuntimeApi.WRITE_FOREIGN);
        int reads = c.calls(RuntimeApi.READ_FIELD) + freshReads + c.calls(RuntimeApi.READ_STATIC)
                + c.calls(RuntimeApi.READ_ARRAY) + c.calls(RuntimeApi.READ_ELEMENT) + c.calls(RuntimeApi.READ_ARRAY_RANGE)
                + c.calls(RuntimeApi.READ_FOREIGN);
        int volatiles = c.calls(RuntimeApi.VOLATILE_READ_FIELD) + c.calls(RuntimeApi.VOLATILE_WRITE_FIELD)
                + c.calls(RuntimeApi.VOLATILE_READ_STATIC) + c.calls(RuntimeApi.VOLATILE_WRITE_STATIC)
                + c.calls(RuntimeApi.VOLATILE_READ_FOREIGN) + c.calls(RuntimeApi.VOLATILE_WRITE_FOREIGN);
        return c.classesRewritten() + " classes rewritten, " + c.classesUnchanged() + " unchanged"
                + (c.classesReused() == 0 ? "" : " (" + c.classesReused() + " of them reused from the cache)") + ", "
                + c.classesSkipped() + " skipped, " + c.classesAlreadyInstrumented() + " already instrumented; "
                + "checks: " + field + " field, " + statics + " static, " + array + " array, " + ranges + " array range, "
                + foreign + " foreign (" + reads + " reads, " + (field + statics + array + ranges + foreign - reads)
                + " writes; " + c.commitChecks() + " of them in exception handlers) for " + c.accesses()
                + " field and array accesses; "
                + "sync events: " + c.calls(RuntimeApi.ACQUIRE) + " acquire, " + c.calls(RuntimeApi.RELEASE) + " release, "
                + c.calls(RuntimeApi.FORK) + " fork, " + c.calls(RuntimeApi.JOIN) + " join, "
                + c.calls(RuntimeApi.IS_ALIVE) + " isAlive, " + c.calls(RuntimeApi.WAIT_BEFORE) + " wait, "
                + c.calls(RuntimeApi.BARRIER_BEFORE) + " barrier, " + volatiles + " volatile, "
                + c.calls(RuntimeApi.CLASS_INITIALIZED) + " class init, " + c.calls(RuntimeApi.CLASS_ACCESS)
                + " class access; "
                + c.methodsTooLarge() + " methods left unchanged (too large); "
                + "placement: " + c.checksMoved() + " checks moved, " + c.checksCovered()
                + " covered by another check of their location, " + c.checksElided() + " elided (thread-local)"
                + (c.capsuleClasses() == 0 ? "" : ", " + c.capsuleAccesses() + " left to the capsule checks of "
                        + c.capsuleClasses() + " capsule classes ("
                        + (c.calls(RuntimeApi.CAPSULE_READ) + c.calls(RuntimeApi.CAPSULE_WRITE)) + " capsule checks, "
                        + c.capsuleHandOffs() + " calls on this handing theirs on)")
                + "; "
                + c.proxiedFields() + " fields share " + c.proxyGroups() + " proxy shadows (" + c.asymmetricGroups()
                + " asymmetric)"
                + c.analysis().map(a -> String.format(Locale.ROOT, "; analysis: %d methods in %.1f s (%.4f s/method, "
                        + "%.1f s of it whole-program)%s, %d left to fasttrack, %d Z3 queries (%d from its cache)",
                        a.methods(), a.programSeconds() + a.methodSeconds(), a.secondsPerMethod(), a.programSeconds(),
                        a.reused() == 0 ? "" : ", " + a.reused() + " of them reused from the cache"
                                + (a.keptOnly() ? " (no class hierarchy built)" : "")
                                + (a.resolvedAgain() == 0 ? "" : " (the kept call graph, "
                                        + (a.resolvedAgain() == 1 ? "1 method's" : a.resolvedAgain() + " methods'")
                                        + " calls resolved again)"), a.failed(),
                        a.z3Queries(), a.z3CacheHits()))
                        .orElse("");
    }

    /**
     * Where the run's time went: with an analysis, its whole-program part (the call targets and kill sets, and the
     * rest: WALA's class hierarchy, mod sets) and its per-method part; the rest is reading, rewriting and writing the
     * jar.
     */
    static String timing(Counts c, double seconds) {
        return c.analysis().map(a -> String.format(Locale.ROOT, "%.1f s (call targets and kill sets %.1f s, "
                + "class hierarchy and other whole-program analysis %.1f s, methods %.1f s, reading, rewriting and "
                + "writing the jar %.1f s)",
                seconds, a.killSetSeconds(), Math.max(0, a.programSeconds() - a.killSetSeconds()), a.methodSeconds(),
                Math.max(0, seconds - a.programSeconds() - a.methodSeconds())))
                .orElse(String.format(Locale.ROOT, "%.1f s", seconds));
    }
}
