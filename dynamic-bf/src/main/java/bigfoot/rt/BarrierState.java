package bigfoot.rt;

/**
 * A CyclicBarrier's shadow, for FT1's {@code barrier_rel(T)}: every thread of one generation leaves the
 * barrier with the join of the clocks of all threads that arrived in that generation, then ticks.
 *
 * <p>Each arrival joins its clock into the current {@link Generation} and remembers which generation it
 * joined. The first thread to come back out of {@code await} closes that generation: a new one becomes
 * current, so a fast thread that re-enters the barrier before its slower peers have left lands in the
 * next generation and cannot pollute the previous one. This needs no call into the barrier object (its
 * class may be the program's subclass). Valid when the threads using the barrier are exactly its
 * parties (the usual use); with more threads than parties an arrival racing with the trip may be
 * assigned to the closing generation, which can only hide races, never invent them.
 */
final class BarrierState {

    /** The clock accumulated by one generation of arrivals. */
    static final class Generation extends VectorClock {
    }

    private Generation current = new Generation();

    /** Joins st's clock into the current generation and returns that generation. */
    synchronized Generation arrive(ThreadState st) {
        current.joinFrom(st);
        return current;
    }

    /** Closes {@code g} if it is still current, then joins its clock into st. */
    synchronized void depart(ThreadState st, Generation g) {
        if (current == g) {
            current = new Generation();
        }
        st.joinFrom(g);
    }
}
