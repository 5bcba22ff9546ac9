package bigfoot.rt.trace;

/** The empty tool (the FastTrack paper's Table 1 "Empty"): takes every event, reports nothing. */
public final class Empty implements Detector {

    public Empty(Races races) {
    }

    @Override
    public void access(int thread, int variable, boolean write, int event) {
    }

    @Override
    public void acquire(int thread, int lock) {
    }

    @Override
    public void release(int thread, int lock) {
    }

    @Override
    public void fork(int parent, int child) {
    }

    @Override
    public void join(int thread, int joined) {
    }

    @Override
    public void volatileRead(int thread, int variable) {
    }

    @Override
    public void volatileWrite(int thread, int variable) {
    }
}
