package bigfoot.rt.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class StdTraceTest {

    private static List<TraceEvent> read(String text) throws Exception {
        return StdTrace.read(new StringReader(text));
    }

    @Test
    void eachLineIsOneEventNumberedInOrder() throws Exception {
        List<TraceEvent> events = read("""
                # a comment, then a blank line

                T0|fork(T1)|Main.java:3
                T1|acq(L0)|12
                T1|w(V0)|13
                T1|rel(L0)|14
                T0|join(T1)|5
                T0|r(V0)|6
                """);
        assertEquals(6, events.size());
        assertEquals(new TraceEvent(0, 0, TraceEvent.Op.FORK, "T1", "Main.java:3"), events.get(0));
        assertEquals(1, events.get(0).otherThread());
        assertEquals(new TraceEvent(2, 1, TraceEvent.Op.WRITE, "V0", "13"), events.get(2));
        assertEquals(TraceEvent.Op.READ, events.get(5).op());
        assertEquals("T1|acq(L0)|12", StdTrace.format(events.get(1)), "formatting gives the line back");
    }

    @Test
    void aLineThatIsNotAnEventIsNamedByItsNumber() {
        assertEquals("line 2: not an STD event (T<n>|op(target)|loc): 'T0 w V0'",
                assertThrows(StdTrace.FormatException.class, () -> read("T0|r(V0)|1\nT0 w V0\n")).getMessage());
        assertEquals("line 1: unknown operation 'x' (one of r, w, acq, rel, fork, join, vr, vw)",
                assertThrows(StdTrace.FormatException.class, () -> read("T0|x(V0)|1")).getMessage());
        assertEquals("line 1: not a thread (T<n>): 'main'",
                assertThrows(StdTrace.FormatException.class, () -> read("main|r(V0)|1")).getMessage());
        assertEquals("line 1: bad target 'V1' of fork (a thread, T<n>)",
                assertThrows(StdTrace.FormatException.class, () -> read("T0|fork(V1)|1")).getMessage());
    }
}
