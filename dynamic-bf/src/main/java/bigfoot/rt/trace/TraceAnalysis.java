package bigfoot.rt.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Runs a {@link Detector} over a trace's events and names the races it reports by their events. Re-entrant acquires
 * and releases are not events ({@link Reentrancy}).
 */
public final class TraceAnalysis {

    /** A race: its kind, the variable's name, the earlier access (null if the detector does not name it) and the later. */
    public record Race(String kind, String variable, TraceEvent previous, TraceEvent current) {
    }

    private TraceAnalysis() {
    }

    /** Every race {@code tool}'s detector reports on {@code events}, in the order reported. */
    public static List<Race> run(List<TraceEvent> events, Function<Detector.Races, Detector> tool) {
        Map<String, Integer> variables = new HashMap<>();
        Map<String, Integer> locks = new HashMap<>();
        Map<String, Integer> volatiles = new HashMap<>();
        Reentrancy<String> reentrancy = new Reentrancy<>();
        List<String> variableNames = new ArrayList<>();
        List<Race> races = new ArrayList<>();
        Detector detector = tool.apply((kind, variable, previous, current) -> races.add(new Race(kind,
                variableNames.get(variable), previous >= 0 ? events.get(previous) : null, events.get(current))));
        for (TraceEvent e : events) {
            switch (e.op()) {
                case READ, WRITE -> {
                    int v = variables.computeIfAbsent(e.target(), name -> {
                        variableNames.add(name);
                        return variableNames.size() - 1;
                    });
                    detector.access(e.thread(), v, e.op() == TraceEvent.Op.WRITE, e.index());
                }
                case ACQUIRE -> {
                    if (reentrancy.acquire(e.thread(), e.target())) {
                        detector.acquire(e.thread(), locks.computeIfAbsent(e.target(), k -> locks.size()));
                    }
                }
                case RELEASE -> {
                    if (reentrancy.release(e.thread(), e.target())) {
                        detector.release(e.thread(), locks.get(e.target()));
                    }
                }
                case FORK -> detector.fork(e.thread(), e.otherThread());
                case JOIN -> detector.join(e.thread(), e.otherThread());
                case VOLATILE_READ -> detector.volatileRead(e.thread(),
                        volatiles.computeIfAbsent(e.target(), k -> volatiles.size()));
                case VOLATILE_WRITE -> detector.volatileWrite(e.thread(),
                        volatiles.computeIfAbsent(e.target(), k -> volatiles.size()));
            }
        }
        return races;
    }
}
