package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool fed the run's events as they happen ({@link LiveTool}), on hand-made events: a thread's checks reach the
 * detector at its next event or when flushed, as the report flushes every thread's.
 */
class LiveToolTest {

    private final ThreadState main = Sim.thread(0);
    private final ThreadState worker = Sim.thread(1);
    private final LockState lock = new LockState();
    private final Object point = new Object();

    /** Both threads write {@code demo.P.x} of one object under the lock, taken twice (re-entrant) around the write. */
    private static void lockedTwiceWrite(LiveTool tool, ThreadState ts, LockState lock, Object point) {
        tool.acquire(ts, lock);
        tool.acquire(ts, lock);
        tool.release(ts, lock);
        tool.access(ts, point, "demo.P.x", -1, 7, true);
        tool.release(ts, lock);
    }

    @Test
    void aReentrantReleaseDoesNotReleaseTheLock() {
        LiveTool eraser = new LiveTool(TraceTool.ERASER, new Sites());
        eraser.fork(main, worker);
        lockedTwiceWrite(eraser, main, lock, point);
        lockedTwiceWrite(eraser, worker, lock, point);
        eraser.flush(main);
        eraser.flush(worker);
        assertEquals(List.of(), eraser.races(), "the write is under the lock both times");
    }

    @Test
    void racesNameTheLocationAndBothAccesses() {
        LiveTool djit = new LiveTool(TraceTool.DJIT, new Sites());
        ArrayShadow array = new ArrayShadow(int[].class, 10, false, new java.util.concurrent.atomic.LongAdder(),
                ArrayShadow.Bounds.DEFAULT);
        djit.fork(main, worker);
        djit.access(main, point, "demo.P.x", -1, 3, true);
        djit.access(worker, point, "demo.P.x", -1, 4, false);
        djit.elements(worker, array, 2, 8, 3, 5, true);         // elements 2, 5, 8
        djit.access(main, array, "int[]", 5, 6, false);
        djit.access(main, null, "demo.P.count", -1, 8, true);
        djit.access(worker, null, "demo.P.count", -1, 9, true);
        djit.flush(main);                                        // the report's hand-over (no event came after)
        djit.flush(worker);
        List<String> races = djit.races().stream().map(r -> r.kind().id + " " + r.target().describe() + " "
                + r.previous().siteId() + " " + r.current().siteId() + " " + r.occurrences()).toList();
        assertEquals(List.of("write-read field demo.P.x 3 4 1", "read-write array int[] index 5 6 5 1",
                "write-write static field demo.P.count 8 9 1"), races, "main's checks first, then the worker's");
    }
}
