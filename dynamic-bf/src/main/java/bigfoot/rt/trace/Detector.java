package bigfoot.rt.trace;

/**
 * A race detector fed the events of a trace one at a time, in trace order: the tool interface of offline analysis
 * ({@code dynamicbf --analyze}). Threads are the trace's thread numbers; variables and locks are numbered densely
 * from 0 in the order the trace first names them. Races go to the {@link Races} the detector was made with.
 */
public interface Detector {

    /** Where a detector reports: a race of kind {@code kind} on {@code variable} at event {@code current}. */
    interface Races {
        /** @param previous the event of the earlier, unordered access, or -1 if the detector does not know it */
        void race(String kind, int variable, int previous, int current);
    }

    void access(int thread, int variable, boolean write, int event);

    void acquire(int thread, int lock);

    void release(int thread, int lock);

    /** {@code parent} starts {@code child}. */
    void fork(int parent, int child);

    /** {@code thread} waits until {@code joined} has ended. */
    void join(int thread, int joined);

    /** {@code thread} reads volatile {@code variable} (numbered apart from the plain variables and the locks). */
    void volatileRead(int thread, int variable);

    /** {@code thread} writes volatile {@code variable}: every later read of it is ordered after this write. */
    void volatileWrite(int thread, int variable);
}
