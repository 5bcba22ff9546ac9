package bigfoot.rt;

/**
 * Replays an {@link ArrayTrace} through the FastTrack2 core with explicit state and one {@link ArrayRig}: in
 * footprint mode each thread's footprint is committed where RT commits it (before each of its
 * synchronisation events, the joined thread's at a join, every thread's at the end).
 */
final class ArrayReplay {

    final ArrayRig rig;
    private final ThreadState[] threads = new ThreadState[ArrayTrace.THREADS];
    private final LockState[] locks = new LockState[ArrayTrace.LOCKS];
    private final VarState volatileVar = new VarState();
    private final BarrierState barrier = new BarrierState();
    private final ArrayShadow[] arrays;

    ArrayReplay(ArrayTrace trace, boolean footprints, boolean adaptiveShadows, ArrayShadow.Bounds bounds) {
        rig = new ArrayRig(footprints, adaptiveShadows, bounds);
        for (int t = 0; t < threads.length; t++) {
            threads[t] = Sim.thread(t);
        }
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new LockState();
        }
        arrays = new ArrayShadow[trace.lengths.length];
        for (int i = 0; i < arrays.length; i++) {
            arrays[i] = rig.array(ArrayTrace.ARRAY_TYPES[i], trace.lengths[i]);
        }
    }

    /** Replays every op (the site of op i is i), then commits what is still pending, as the exit report does. */
    ArrayReplay run(ArrayTrace trace) {
        for (int i = 0; i < trace.ops.size(); i++) {
            step(trace.ops.get(i), i);
        }
        for (ThreadState t : threads) {
            rig.checks.commit(t);
        }
        return this;
    }

    ArrayShadow array(int i) {
        return arrays[i];
    }

    private void step(ArrayTrace.Op op, int site) {
        FastTrack ft = rig.ft;
        ThreadState st = threads[op.thread()];
        switch (op.kind()) {
            case READ: case READ_RANGE:
                rig.read(st, arrays[op.target()], op.begin(), op.end(), op.stride(), site);
                return;
            case WRITE: case WRITE_RANGE:
                rig.write(st, arrays[op.target()], op.begin(), op.end(), op.stride(), site);
                return;
            case BARRIER:
                meet(op.target());
                return;
            default:
                break;
        }
        rig.checks.commit(st);                                  // RT.synchronising
        switch (op.kind()) {
            case ACQUIRE: ft.acquire(st, locks[op.target()]); break;
            case RELEASE: ft.release(st, locks[op.target()]); break;
            case FORK: ft.fork(st, threads[op.target()]); break;
            case JOIN:
                rig.checks.commit(threads[op.target()]);        // the joined thread has ended
                ft.join(st, threads[op.target()]);
                break;
            case VOLATILE_READ: ft.volatileRead(st, volatileVar); break;
            case VOLATILE_WRITE: ft.volatileWrite(st, volatileVar); break;
            default: throw new AssertionError(op);
        }
    }

    /** The threads of {@code group} (one bit each) meet at the barrier: each commits (as RT does) and arrives, then all depart. */
    private void meet(int group) {
        for (int u = 0; u < threads.length; u++) {
            if ((group >> u & 1) != 0) {
                rig.checks.commit(threads[u]);
                rig.ft.barrierArrive(threads[u], barrier);
            }
        }
        for (int u = 0; u < threads.length; u++) {
            if ((group >> u & 1) != 0) {
                rig.ft.barrierDepart(threads[u], barrier);
            }
        }
    }
}
