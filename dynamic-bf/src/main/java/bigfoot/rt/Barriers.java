package bigfoot.rt;

/** The {@link BarrierState} of every barrier object. */
final class Barriers {

    private final WeakIdentityMap<BarrierState> states = new WeakIdentityMap<>();

    BarrierState of(Object barrier) {
        return states.entry(barrier, k -> new BarrierState()).value;
    }
}
