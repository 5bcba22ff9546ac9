package bigfoot.rt;

import bigfoot.rt.trace.Detector;
import bigfoot.rt.trace.Numbered;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The runtime's FastTrack2 engine ({@link FastTrack}) as an offline {@link Detector}: one explicit state per trace
 * thread, lock and variable, each access's site its event's index, so a race names both events.
 */
final class FastTrackDetector implements Detector {

    private final FastTrack ft;
    private final Numbered<ThreadState> threads = new Numbered<>(tid -> new ThreadState(tid, Epoch.make(tid, 1)));
    private final Numbered<LockState> locks = new Numbered<>(m -> new LockState());
    private final Numbered<VarState> volatiles = new Numbered<>(v -> new VarState());
    private final Map<VarState, Integer> numbers = new IdentityHashMap<>();
    private final Numbered<VarState> variables = new Numbered<>(x -> {
        VarState v = new VarState();
        numbers.put(v, x);
        return v;
    });

    FastTrackDetector(Races races) {
        this.ft = new FastTrack((kind, var, previous, previousSite, current, currentSite) ->
                races.race(kind.id, numbers.get(var), previousSite, currentSite));
    }

    @Override
    public void access(int thread, int variable, boolean write, int event) {
        ft.check(threads.get(thread), variables.get(variable), write, event);
    }

    @Override
    public void acquire(int thread, int lock) {
        ft.acquire(threads.get(thread), locks.get(lock));
    }

    @Override
    public void release(int thread, int lock) {
        ft.release(threads.get(thread), locks.get(lock));
    }

    @Override
    public void fork(int parent, int child) {
        ft.fork(threads.get(parent), threads.get(child));
    }

    @Override
    public void join(int thread, int joined) {
        ft.join(threads.get(thread), threads.get(joined));
    }

    @Override
    public void volatileRead(int thread, int variable) {
        ft.volatileRead(threads.get(thread), volatiles.get(variable));
    }

    @Override
    public void volatileWrite(int thread, int variable) {
        ft.volatileWrite(threads.get(thread), volatiles.get(variable));
    }
}
