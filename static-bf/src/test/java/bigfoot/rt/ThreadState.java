package bigfoot.rt;

/** Test double of the runtime's per-thread state. */
public class ThreadState {

    final Thread thread = Thread.currentThread();
}
