package bigfoot.rt;

/**
 * FT2's {@code S_m}: the thread clock at the last release of monitor m (this object's vector clock),
 * plus who holds m and how deeply, to filter re-entrant acquires and releases.
 *
 * <p>Only touched by the thread that holds the real monitor: acquire handlers run after monitorenter,
 * release handlers before monitorexit. {@link #holder} is {@code ts} exactly while thread ts holds m
 * through instrumented events: only ts stores ts into it and ts clears it before giving m up, so even an
 * unlocked read of it by ts cannot see a stale ts.
 */
final class LockState extends VectorClock {

    ThreadState holder;
    int depth;
}
