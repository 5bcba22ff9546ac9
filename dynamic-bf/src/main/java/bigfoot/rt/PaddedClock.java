package bigfoot.rt;

/**
 * A vector clock followed by 128 bytes of padding, the superclass of {@link ThreadState}. A thread writes
 * its state's counters on every access; the states of threads forked one after another are allocated one
 * after another by the forking thread, so without this gap two threads' hot fields would share a cache
 * line and every access would bounce it between cores.
 */
abstract class PaddedClock extends VectorClock {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
