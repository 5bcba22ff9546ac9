package bigfoot.bench;

import bigfoot.rt.JitOptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rewrite options of each configuration, the names of its rewritten jars and its runtime's agent options. */
class ConfigurationTest {

    private static final Path LUCENE = Path.of("lucene-core-2.4.1.jar");
    private static final Kernel LUCENE_WORKLOAD = Kernel.WORKLOADS.stream().filter(k -> k.name().equals("lucene"))
            .findFirst().orElseThrow();

    @Test
    void theCapsuleConfigurationsAreBfBfeAndBfdeWithCapsules() {
        for (Configuration c : Configuration.values()) {
            assertEquals(c == Configuration.BFC || c == Configuration.BFEC || c == Configuration.BFDEC, c.capsules,
                    c.name());
        }
        assertEquals(options(Configuration.BF), options(Configuration.BFC));
        assertEquals(options(Configuration.BFE), options(Configuration.BFEC));
        assertEquals(options(Configuration.BFDE), options(Configuration.BFDEC));
        assertEquals(List.of("bigfoot", "proxies", "adaptive", "dynamic-escape"), options(Configuration.BFDE));
        assertFalse(Configuration.defaults().contains(Configuration.BFDE), "run when picked");
    }

    @Test
    void rewrittenJarsAreNamedByPlacementElisionAndCapsules() {
        CapsuleOption found = CapsuleOption.found(LUCENE_WORKLOAD, Path.of("work/lucene-capsules.txt"));
        assertEquals("lucene-core-2.4.1-bigfoot-proxies.jar", Configuration.BF.rewrittenName(LUCENE, CapsuleOption.NONE));
        assertEquals("lucene-core-2.4.1-bigfoot-proxies-escape.jar",
                Configuration.BFE.rewrittenName(LUCENE, CapsuleOption.NONE));
        assertEquals("lucene-core-2.4.1-bigfoot-proxies-capsules-all.jar",
                Configuration.BF.rewrittenName(LUCENE, CapsuleOption.ALL));
        assertEquals("lucene-core-2.4.1-bigfoot-proxies-capsules-lucene.jar", Configuration.BFC.rewrittenName(LUCENE, found));
        assertEquals("lucene-core-2.4.1-bigfoot-proxies-escape-capsules-lucene.jar",
                Configuration.BFEC.rewrittenName(LUCENE, found));
        assertEquals("work/lucene-capsules.txt", found.value());
        assertEquals("none", CapsuleOption.NONE.value());
        assertEquals("all", CapsuleOption.ALL.value());
    }

    /** Two rewrites with different StaticBF options never share a jar (and so a cached rewrite). */
    @Test
    void noTwoRewritesWithDifferentOptionsShareAName() {
        List<CapsuleOption> capsules = new ArrayList<>(List.of(CapsuleOption.NONE, CapsuleOption.ALL));
        List<Kernel> programs = new ArrayList<>(Kernel.ALL);
        programs.addAll(Kernel.WORKLOADS);
        programs.forEach(k -> capsules.add(CapsuleOption.found(k, Path.of(k.name() + "-capsules.txt"))));
        Map<String, List<String>> optionsByName = new HashMap<>();
        for (Configuration c : Configuration.values()) {
            if (c.mode == null) {
                continue;
            }
            for (CapsuleOption o : capsules) {
                List<String> options = List.of(c.mode, c.fields, c.elide, o.value());
                List<String> earlier = optionsByName.putIfAbsent(c.rewrittenName(LUCENE, o), options);
                assertTrue(earlier == null || earlier.equals(options),
                        () -> c.rewrittenName(LUCENE, o) + ": " + earlier + " and " + options);
            }
        }
    }

    @Test
    void theDiscoveryRunsAgentOptionsFollowTheUsualOnes() {
        List<String> args = Configuration.underRuntime(List.of(Path.of("a.jar"), Path.of("b.jar")), Path.of("rt.jar"),
                "adaptive", Path.of("r.json"), "find-capsules=sor-capsules.txt");
        List<String> jit = JitOptions.jvmOptions();
        assertEquals(jit, args.subList(0, jit.size()), "the runtime's JIT options first, as its launcher gives them");
        assertEquals(List.of("-javaagent:rt.jar=quiet,arrays=adaptive,report=json:r.json,find-capsules=sor-capsules.txt",
                "-cp", "a.jar" + java.io.File.pathSeparator + "b.jar"), args.subList(jit.size(), args.size()));
        assertEquals("-javaagent:rt.jar=quiet,arrays=fine,report=json:r.json",
                Configuration.FT.jvmArgs(List.of(Path.of("a.jar")), Path.of("rt.jar"), Path.of("r.json")).get(jit.size()));
    }

    /** The placement, array shadows and elision: all but the capsules. */
    private static List<String> options(Configuration c) {
        return List.of(c.mode, c.fields, c.arrays, c.elide);
    }
}
