package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.ArrayList;
import java.util.List;

/** A race listener for replaying traces: keeps every race in order. */
final class RecordingListener implements RaceListener {

    record Reported(RaceKind kind, VarState var, long previous, int previousSite, long current, int currentSite) {
    }

    final List<Reported> races = new ArrayList<>();

    @Override
    public void race(RaceKind kind, VarState var, long previous, int previousSite, ThreadState current, int currentSite) {
        races.add(new Reported(kind, var, previous, previousSite, current.epoch, currentSite));
    }

    Reported only() {
        if (races.size() != 1) {
            throw new AssertionError("expected exactly one race, got " + races);
        }
        return races.get(0);
    }
}
