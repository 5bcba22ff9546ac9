package bigfoot.rt;

import bigfoot.rt.trace.Detector;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runtime's FastTrack2 engine ({@link FastTrack}) as an offline {@link Detector}: one explicit state per trace
 * thread, lock and variable, each access's site its event's index, so a race names both events.
 */
final class FastTrackDetector implements Detector {

    private final FastTrack ft;
    private final List<ThreadState> threads = new ArrayList<>();
    private final List<LockState> locks = new ArrayList<>();
    private final List<VarState> variables = new ArrayList<>();
    private final Map<VarState, Integer> numbers = new IdentityHashMap<>();

    FastTrackDetector(Races races) {
        this.ft = new FastTrack((kind, var, previous, previousSite, current, currentSite) ->
                races.race(kind.id, numbers.get(var), previousSite, currentSite));
    }

    @Override
    public void access(int thread, int variable, boolean write, int event) {
        ft.check(thread(thread), variable(variable), write, event);
    }

    @Override
    public void acquire(int thread, int lock) {
        ft.acquire(thread(thread), lock(lock));
    }

    @Override
    public void release(int thread, int lock) {
        ft.release(thread(thread), lock(lock));
    }

    @Override
    public void fork(int parent, int child) {
        ft.fork(thread(parent), thread(child));
    }

    @Override
    public void join(int thread, int joined) {
        ft.join(thread(thread), thread(joined));
    }

    private ThreadState thread(int t) {
        while (threads.size() <= t) {
            int tid = threads.size();
            threads.add(new ThreadState(tid, Epoch.make(tid, 1)));
        }
        return threads.get(t);
    }

    private LockState lock(int m) {
        while (locks.size() <= m) {
            locks.add(new LockState());
        }
        return locks.get(m);
    }

    private VarState variable(int x) {
        while (variables.size() <= x) {
            VarState v = new VarState();
            numbers.put(v, variables.size());
            variables.add(v);
        }
        return variables.get(x);
    }
}
