package bigfoot.bench;

import bigfoot.rt.JitOptions;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One way of running a kernel: uninstrumented, or rewritten in some placement mode, with or without field
 * proxies, and run under the runtime with some array representation: the detectors of the paper's Table 3.1
 * (RC, SC and BF with field proxies, as in the paper; with fasttrack's and redcard's placements, which check
 * every field on its own, proxies find no group), two of ours that tell the parts of BF's gain apart, the
 * dissertation's BF+E, BF+C and BF+E+C, and the FastTrack paper's Table 1 tools run on FT's rewrite (a check at every
 * access) in place of FastTrack2's rules ({@code tool=NAME}; not run unless picked: {@link #defaults}).
 */
enum Configuration {
    BASE(null, null, null, null, false, null),
    /** FastTrack: a check at every access, fine array shadows. */
    FT("fasttrack", "per-field", "fine", "none", false, null),
    /** RedCard: no re-check within a release-free span, fine array shadows. */
    RC("redcard", "proxies", "fine", "none", false, null),
    /** SlimState-like: a check at every access, per-thread footprints and adaptive array shadows. */
    SS("fasttrack", "per-field", "adaptive", "none", false, null),
    /** SlimCard: RedCard's placement with SlimState's arrays. */
    SC("redcard", "proxies", "adaptive", "none", false, null),
    /** BigFoot: checks deferred, merged and coalesced (ranges after loops), field proxies, adaptive array shadows. */
    BF("bigfoot", "proxies", "adaptive", "none", false, null),
    /** Not in the paper: BigFoot with fine arrays, to tell placement gains from the array shadows'. */
    BFF("bigfoot", "proxies", "fine", "none", false, null),
    /** Not in the paper: BigFoot with a shadow per field, to tell the field proxies' gain. */
    BFPF("bigfoot", "per-field", "adaptive", "none", false, null),
    /**
     * The dissertation's BF+E: BigFoot with partial-escape elision (no check of an object before it can have been
     * published, chapter 4).
     */
    BFE("bigfoot", "proxies", "adaptive", "escape", false, null),
    /**
     * The dissertation's BF+C: BigFoot with capsules (chapter 5), the classes its discovery run found
     * ({@link CapsuleDiscovery}).
     */
    BFC("bigfoot", "proxies", "adaptive", "none", true, null),
    /** The dissertation's BF+E+C: BF+E with capsules, those of the same discovery run. */
    BFEC("bigfoot", "proxies", "adaptive", "escape", true, null),
    /**
     * BF+E with the chapter's dynamic half: objects of rewritten classes carry a bit cleared where they may escape,
     * and a local object's field checks are skipped ({@code --elide dynamic-escape}; run when picked).
     */
    BFDE("bigfoot", "proxies", "adaptive", "dynamic-escape", false, null),
    /** BFDE with capsules, those of the same discovery run as BFC's. */
    BFDEC("bigfoot", "proxies", "adaptive", "dynamic-escape", true, null),
    /** FastTrack as first published (PLDI 2009). */
    FT1("fasttrack", "per-field", "fine", "none", false, "ft1"),
    /** DJIT+: vector clocks for each variable's reads and writes. */
    DJIT("fasttrack", "per-field", "fine", "none", false, "djit"),
    /** BasicVC: DJIT+ without its same-epoch shortcut. */
    BASICVC("fasttrack", "per-field", "fine", "none", false, "basicvc"),
    /** Goldilocks: happens-before from locksets, no vector clocks. */
    GOLDILOCKS("fasttrack", "per-field", "fine", "none", false, "goldilocks"),
    /** SHB: schedulable happens-before. */
    SHB("fasttrack", "per-field", "fine", "none", false, "shb"),
    /** Eraser's locksets: not precise, its warnings are counted, not failures. */
    ERASER("fasttrack", "per-field", "fine", "none", false, "eraser"),
    /** The checks handed to a tool that does nothing: the cost of getting the events to a tool. */
    EMPTY("fasttrack", "per-field", "fine", "none", false, "empty");

    /** The staticbf --mode, or null for the uninstrumented program. */
    final String mode;
    /** The staticbf --fields option. */
    final String fields;
    /** The runtime's arrays= option. */
    final String arrays;
    /** The staticbf --elide option. */
    final String elide;
    /** Whether rewrites use the capsules a discovery run found (staticbf --capsules FILE). */
    final boolean capsules;
    /** The runtime's tool= option, or null for FastTrack2's own rules. */
    final String tool;

    Configuration(String mode, String fields, String arrays, String elide, boolean capsules, String tool) {
        this.mode = mode;
        this.fields = fields;
        this.arrays = arrays;
        this.elide = elide;
        this.capsules = capsules;
        this.tool = tool;
    }

    /** The configurations run unless others are picked: all but the other tools' and the opt-in dynamic escape's. */
    static List<Configuration> defaults() {
        return Stream.of(values()).filter(c -> c.tool == null && !"dynamic-escape".equals(c.elide)).toList();
    }

    /** False for a tool whose warnings are not all races (Eraser): its runs of race-free kernels may warn. */
    boolean precise() {
        return !"eraser".equals(tool);
    }

    /**
     * How the jars rewritten for this configuration with {@code capsules} are named:
     * {@code <jar>-<mode>-<fields>[-<elide>][<capsules tag>].jar}.
     */
    String rewrittenName(Path jar, CapsuleOption capsules) {
        String name = jar.getFileName().toString();
        return name.substring(0, name.length() - ".jar".length()) + "-" + mode + "-" + fields
                + ("none".equals(elide) ? "" : "-" + elide) + capsules.tag() + ".jar";
    }

    /** The JVM arguments before the main class. */
    List<String> jvmArgs(List<Path> classpath, Path runtimeJar, Path report) {
        return mode == null ? List.of("-cp", join(classpath))
                : tool == null ? underRuntime(classpath, runtimeJar, arrays, report)
                : underRuntime(classpath, runtimeJar, arrays, report, "tool=" + tool);
    }

    /**
     * The JVM arguments running rewritten jars under the runtime with {@code arrays=<arrays>}, reporting JSON, and
     * with the agent options {@code more}: the runtime's {@link JitOptions} first, as its launcher gives them.
     */
    static List<String> underRuntime(List<Path> classpath, Path runtimeJar, String arrays, Path report,
            String... more) {
        String options = Stream.concat(Stream.of("quiet", "arrays=" + arrays, "report=json:" + report), Stream.of(more))
                .collect(Collectors.joining(","));
        List<String> args = new ArrayList<>(JitOptions.jvmOptions());
        args.addAll(List.of("-javaagent:" + runtimeJar + "=" + options, "-cp", join(classpath)));
        return args;
    }

    private static String join(List<Path> classpath) {
        return classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }
}
