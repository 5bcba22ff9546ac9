package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.trace.StdTrace;
import bigfoot.rt.trace.TraceAnalysis;
import bigfoot.rt.trace.TraceEvent;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run recorded ({@link TraceRecorder}) and analysed offline: random traces with locks, forks, joins, volatiles,
 * barriers, statics and class initialisation replayed through the FastTrack2 core while recording, then the
 * recorded trace analysed by each precise tool.
 */
class TraceRecorderTest {

    @Test
    void theRecordedTraceGivesFastTrackExactlyTheLiveRacesAndEveryPreciseToolTheirFirstRaces(@TempDir Path dir)
            throws Exception {
        Random rnd = new Random(29);
        int racy = 0;
        for (int n = 0; n < 400; n++) {
            Trace trace = Trace.random(rnd, 30 + rnd.nextInt(70));
            Path file = dir.resolve("run.std");
            TraceRecorder recorder = TraceRecorder.open(file, new Sites());
            FastTrackReplay replay = new FastTrackReplay(recorder);
            List<String> live = replay.races(trace, i -> i).stream().map(r -> race(replay.variable(r.var()), r.kind().id,
                    "site" + r.previousSite(), "site" + r.currentSite())).toList();
            recorder.close(null);
            List<TraceEvent> events;
            try (Reader in = Files.newBufferedReader(file)) {
                events = StdTrace.read(in);
            }
            String context = "trace #" + n + ": " + trace.ops;
            List<TraceAnalysis.Race> ft2 = TraceAnalysis.run(events, TraceTool.FT2.detector);
            assertEquals(live, ft2.stream().map(r -> race(r.variable(), r.kind(), r.previous().loc(),
                    r.current().loc())).toList(), context);
            Map<String, String> first = firstRaces(ft2);
            for (TraceTool tool : List.of(TraceTool.FT1, TraceTool.DJIT, TraceTool.BASICVC, TraceTool.GOLDILOCKS,
                    TraceTool.SHB)) {
                Map<String, String> theirs = firstRaces(TraceAnalysis.run(events, tool.detector));
                if (tool == TraceTool.SHB) { // the first race of the trace; later ones it may order away
                    assertEquals(ft2.isEmpty(), theirs.isEmpty(), context);
                } else {
                    assertEquals(first, theirs, tool.optionName() + ", " + context);
                }
            }
            racy += live.isEmpty() ? 0 : 1;
        }
        assertTrue(racy > 100 && racy < 300, "racy traces: " + racy);
    }

    /**
     * A race as text; a shared-write race without its previous access: it names the read of the lowest thread number
     * not ordered before the write, and the trace numbers threads in the order it first names them, not by tid.
     */
    private static String race(String variable, String kind, String previous, String current) {
        return variable + " " + kind + " " + (kind.equals("shared-write") ? "a read" : previous) + " " + current;
    }

    /** Variable -> the location of its first race. */
    private static Map<String, String> firstRaces(List<TraceAnalysis.Race> races) {
        Map<String, String> first = new HashMap<>();
        races.forEach(r -> first.putIfAbsent(r.variable(), r.current().loc()));
        return first;
    }
}
