package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.rt.report.JsonReport;
import bigfoot.rt.report.PlacementFinding;
import bigfoot.rt.report.Summary;
import bigfoot.rt.report.Target;
import bigfoot.rt.report.TextReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The precise-checks rules (the BigFoot dissertation, sections 3.2 and 3.5.1) on explicit event sequences of one thread. */
class PlacementVerifierTest {

    private static final boolean R = false;
    private static final boolean W = true;

    private final List<String> found = new ArrayList<>();
    private final VarState x = new VarState();
    private final VarState y = new VarState();
    private final PlacementVerifier t = new PlacementVerifier("t", (kind, thread, location, site) ->
            found.add(kind.id + " " + (location == x ? "x" : "y") + " @" + site + " by " + thread));

    private List<String> atEnd() {
        t.end();
        return found;
    }

    @Test
    void aCheckRightBeforeItsAccessIsPrecise() {
        t.check(x, R, 1);
        t.access(x, R, 1);
        t.check(x, W, 2);
        t.access(x, W, 2);
        assertEquals(List.of(), atEnd());
    }

    @Test
    void aCheckOfAnObjectThatEscapedSinceTheLastReleaseStandsForTheAccessItMadeWhileLocal() {
        Object local = new Object();
        Object other = new Object();
        t.escaped(local);               // its access came while it was local: no access event (--elide dynamic-escape)
        t.check(x, W, 1, local);        // legitimate
        t.check(y, W, 2, other);        // not: that object did not escape
        t.release();                    // the escape belongs to the span it happened in
        t.check(x, R, 3, local);
        assertEquals(List.of("illegitimate-check x @3 by t", "illegitimate-check y @2 by t"),
                atEnd().stream().sorted().toList());
    }

    @Test
    void aCheckBeforeCoversAcrossAnAcquireButIsThenNotLegitimate() {
        t.check(x, R, 1);
        t.acquire();                    // the check waited for a legitimising access: none before this acquire
        t.access(x, R, 2);              // covered: no release since the check
        assertEquals(List.of("illegitimate-check x @1 by t"), atEnd());
    }

    @Test
    void aPastAccessLegitimatesALaterCheckAcrossAnAcquire() {
        t.access(x, R, 1);
        t.check(x, R, 2);               // COVER AFTER for the access; LEGITIMATE AFTER for the check
        t.acquire();
        t.check(x, R, 3);               // legitimate: the access at 1 with no release in between
        assertEquals(List.of(), atEnd());
    }

    @Test
    void aCheckAfterCoversAcrossAReleaseButNotAcrossAnAcquire() {
        t.access(x, W, 1);
        t.release();
        t.check(x, W, 2);               // covers (no acquire between) but not legitimate (release between)
        t.access(y, W, 3);
        t.acquire();
        t.check(y, W, 4);               // too late to cover the access at 3, yet legitimate for it (no release)
        assertEquals(List.of("illegitimate-check x @2 by t", "uncovered-access y @3 by t"), sorted(atEnd()));
    }

    @Test
    void aReleaseBetweenCheckAndLaterAccessLeavesTheAccessUncovered() {
        t.check(x, W, 1);
        t.access(x, W, 1);
        t.release();
        t.access(x, W, 2);
        assertEquals(List.of("uncovered-access x @2 by t"), atEnd());
    }

    @Test
    void anAcquireBetweenAccessAndLaterCheckLeavesTheAccessUncovered() {
        t.access(x, R, 1);
        t.acquire();
        assertEquals(List.of("uncovered-access x @1 by t"), found, "reported at the acquire");
        t.check(x, R, 2);               // legitimate (no release) but the access is gone
        assertEquals(List.of("uncovered-access x @1 by t"), atEnd());
    }

    @Test
    void aReadCheckDoesNotCoverAWrite() {
        t.check(x, R, 1);
        t.access(x, W, 2);
        assertEquals(List.of("uncovered-access x @2 by t"), atEnd());
    }

    @Test
    void aWriteCheckCoversReadsAndWrites() {
        t.access(x, R, 1);
        t.access(x, W, 2);
        t.check(x, W, 3);
        t.access(x, R, 4);
        assertEquals(List.of(), atEnd());
    }

    @Test
    void aWriteCheckIsNotLegitimateForAReadOnlyLocation() {
        t.access(x, R, 1);
        t.check(x, W, 2);
        t.access(x, R, 3);
        assertEquals(List.of("illegitimate-check x @2 by t"), atEnd());
    }

    @Test
    void aReadCheckIsLegitimateForAWrite() {
        t.check(x, R, 1);
        t.check(x, W, 2);
        t.access(x, W, 2);
        assertEquals(List.of(), atEnd());
    }

    @Test
    void aCheckOfAnotherLocationNeitherCoversNorLegitimates() {
        t.check(y, W, 1);
        t.access(x, W, 2);
        assertEquals(List.of("illegitimate-check y @1 by t", "uncovered-access x @2 by t"), sorted(atEnd()));
    }

    @Test
    void aPendingCheckIsResolvedByALaterAccessBeforeTheNextAcquire() {
        t.check(x, R, 1);               // hoisted above a release: legitimate for the later access
        t.release();
        t.access(x, R, 2);              // ... but the release means it no longer covers it
        t.check(x, R, 3);               // covers it (COVER AFTER) and is legitimate for it (LEGITIMATE AFTER)
        assertEquals(List.of(), atEnd());
    }

    @Test
    void threadEndReportsWhatIsStillPending() {
        t.access(x, W, 7);
        assertEquals(List.of(), found);
        t.end();
        assertEquals(List.of("uncovered-access x @7 by t"), found);
        t.end();
        assertEquals(1, found.size(), "reported once");
    }

    @Test
    void violationsAreReportedOncePerKindAndSite() {
        PlacementVerification run = new PlacementVerification();
        run.enable();
        ThreadState ts = new ThreadState(0, Epoch.make(0, 1));
        PlacementVerifier v = run.of(ts);
        for (int i = 0; i < 3; i++) {
            v.access(new VarState(), W, 5);
            v.acquire();
        }
        v.check(x, W, 6);
        List<PlacementViolation> all = run.finish();
        assertEquals(List.of(PlacementViolation.Kind.UNCOVERED_ACCESS, PlacementViolation.Kind.ILLEGITIMATE_CHECK),
                all.stream().map(PlacementViolation::kind).toList());
        assertEquals(List.of(5, 6), all.stream().map(PlacementViolation::siteId).toList());
    }

    @Test
    void offUntilEnabled() {
        PlacementVerification run = new PlacementVerification();
        ThreadState ts = new ThreadState(0, Epoch.make(0, 1));
        assertEquals(null, run.of(ts));
        run.enable();
        assertEquals(run.of(ts), run.of(ts), "one verifier per thread");
    }

    @Test
    void reportsNameKindThreadTargetAndSite() {
        Site site = new Site("demo.Counter", "Counter.java", "run", 3, 14, AccessOp.WRITE, "demo.Counter.count");
        PlacementFinding v = new PlacementFinding("uncovered-access", "worker-1",
                new Target("field", "demo.Counter", "count", null), site, 0);
        Summary summary = new Summary(0, 10, 2, true, 4, 0);
        assertEquals("{\"races\":[],\n\"violations\":[\n"
                + "{\"kind\":\"uncovered-access\",\"thread\":\"worker-1\","
                + "\"target\":{\"type\":\"field\",\"class\":\"demo.Counter\",\"field\":\"count\",\"index\":null},"
                + "\"site\":{\"class\":\"demo.Counter\",\"method\":\"run\",\"file\":\"Counter.java\",\"line\":14}}],\n"
                + "\"summary\":{\"races\":0,\"checks\":10,\"threads\":2,\"complete\":true,\"arrayShadowBytes\":4,\"suppressed\":0,\"violations\":1}}\n",
                JsonReport.render(List.of(), List.of(), List.of(v), summary));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TextReport.write(List.of(), List.of(), List.of(v), summary, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals("== DynamicBF: placement violation: uncovered-access of field demo.Counter.count\n"
                + "   by thread \"worker-1\" at " + site + "\n"
                + "== DynamicBF summary: 0 races, 10 checks, 2 threads, 1 violation\n",
                out.toString(StandardCharsets.UTF_8));
    }

    private static List<String> sorted(List<String> l) {
        return l.stream().sorted().toList();
    }
}
