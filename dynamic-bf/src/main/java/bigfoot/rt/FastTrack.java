package bigfoot.rt;

import bigfoot.rt.report.RaceKind;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The FastTrack2 analysis (Flanagan and Freund, "The FastTrack2 Race Detector", sections 3, 5, 6 and 8) over explicit state objects, so a trace
 * can be replayed single-threaded in tests; {@link RT} is a thin facade that finds the state objects.
 *
 * <p>Accesses: same-epoch rules lock-free and allocation-free, every other rule under the shadow's
 * monitor, tested in FT2's order. After a race it keeps going as RoadRunner does: a write-read race
 * leaves R alone; the other races still set W := E.
 *
 * <p>If anything inside the runtime fails, {@link #failed} turns every slow path and every event into
 * a no-op (one warning); the lock-free fast paths stay, they only read.
 */
final class FastTrack {

    private final RaceListener races;
    private volatile boolean disabled;
    private volatile Throwable disabledBy;
    private final AtomicLong skipped = new AtomicLong();
    /** Callers kept of the accesses at sites that were a race's previous access. */
    private final PreviousStacks previousStacks;
    /** Where the synchronisation events go as they are applied ({@code --record}, {@code --tool}), or null. */
    final RunEvents events;
    /** False under another tool ({@code --tool}): the entry points hand it the checks instead of these rules. */
    final boolean checksAccesses;

    FastTrack(RaceListener races) {
        this(races, new PreviousStacks(false), null);
    }

    FastTrack(RaceListener races, PreviousStacks previousStacks, RunEvents events) {
        this.races = races;
        this.previousStacks = previousStacks;
        this.events = events;
        this.checksAccesses = !(events instanceof LiveTool);
    }

    // ---------------------------------------------------------------- accesses

    void read(ThreadState st, VarState sx, int site) {
        count(st);
        readUncounted(st, sx, site);
    }

    void write(ThreadState st, VarState sx, int site) {
        count(st);
        writeUncounted(st, sx, site);
    }

    private void readUncounted(ThreadState st, VarState sx, int site) {
        if (!sameEpochRead(st, sx) && !disabled) {
            readSlow(st, sx, site);
        }
    }

    private void writeUncounted(ThreadState st, VarState sx, int site) {
        if (sx.w != st.epoch && !disabled) {            // WRITE SAME EPOCH
            writeSlow(st, sx, site);
        }
    }

    /**
     * True if {@link #check} of {@code sx} by {@code st} would take a same-epoch rule (READ SAME EPOCH, READ
     * SHARED SAME EPOCH, WRITE SAME EPOCH): it would change no state and report no race.
     */
    static boolean leavesUnchanged(ThreadState st, VarState sx, boolean write) {
        return write ? sx.w == st.epoch : sameEpochRead(st, sx);
    }

    /** {@link #write} or {@link #read}, as the check's kind says. */
    void check(ThreadState st, VarState sx, boolean write, int site) {
        if (write) {
            write(st, sx, site);
        } else {
            read(st, sx, site);
        }
    }

    /** {@link #writeStatic} or {@link #readStatic}, as the check's kind says. */
    void checkStatic(ThreadState st, StaticVarState sx, boolean write, int site) {
        if (write) {
            writeStatic(st, sx, site);
        } else {
            readStatic(st, sx, site);
        }
    }

    /** A read of a static field: as {@link #read}, but the slow path first orders the class's initialisation. */
    void readStatic(ThreadState st, StaticVarState sx, int site) {
        count(st);
        if (!sameEpochRead(st, sx) && !disabled) {
            orderAfterInit(st, sx.owner);
            readSlow(st, sx, site);
        }
    }

    void writeStatic(ThreadState st, StaticVarState sx, int site) {
        count(st);
        if (sx.w != st.epoch && !disabled) {            // WRITE SAME EPOCH
            orderAfterInit(st, sx.owner);
            writeSlow(st, sx, site);
        }
    }

    static void count(ThreadState st) {
        st.checks++;
    }

    /** {@link #count} of {@code n} locations' checks. */
    static void count(ThreadState st, int n) {
        st.checks += n;
    }

    /**
     * The optional lock-free read rules. Sound without the class-init join: an epoch only matches after
     * this thread ran the slow path for the variable in this epoch, and that path did the join.
     */
    private static boolean sameEpochRead(ThreadState st, VarState sx) {
        long e = st.epoch;
        long r = sx.r;
        return r == e                                               // READ SAME EPOCH
                || (r == Epoch.SHARED && sx.get(st.tid) == e);     // READ SHARED SAME EPOCH
    }

    private void readSlow(ThreadState st, VarState sx, int site) {
        long e = st.epoch;
        synchronized (sx) {
            long w = sx.w;
            if (!ordered(w, st)) {                                  // WRITE-READ RACE
                races.race(RaceKind.WRITE_READ, sx, w, sx.writeSite, st, site);
                return;                                             // recovery: R is not updated
            }
            long r = sx.r;
            if (r == Epoch.SHARED) {                                // READ SHARED
                sx.recordSharedRead(st.tid, e, site);
            } else if (ordered(r, st)) {                            // READ EXCLUSIVE
                sx.r = e;
                sx.readSite = site;
            } else {                                                // READ SHARE: fill V, then publish SHARED
                sx.reserve(Math.max(Epoch.tid(r), st.tid) + 1);    // one array for both entries
                sx.recordSharedRead(Epoch.tid(r), r, sx.readSite);
                sx.recordSharedRead(st.tid, e, site);
                sx.r = Epoch.SHARED;
            }
            previousStacks.keepIfWanted(st.tid, e, site);
        }
    }

    private void writeSlow(ThreadState st, VarState sx, int site) {
        long e = st.epoch;
        synchronized (sx) {
            long w = sx.w;
            if (!ordered(w, st)) {                                  // WRITE-WRITE RACE
                races.race(RaceKind.WRITE_WRITE, sx, w, sx.writeSite, st, site);
            }
            long r = sx.r;
            if (r != Epoch.SHARED) {
                if (!ordered(r, st)) {                              // READ-WRITE RACE
                    races.race(RaceKind.READ_WRITE, sx, r, sx.readSite, st, site);
                }
            } else {
                int reader = sx.firstNotLeq(st);                    // O(n): V ⊑ Vt ?
                if (reader >= 0) {                                  // SHARED-WRITE RACE (names one reader)
                    races.race(RaceKind.SHARED_WRITE, sx, sx.get(reader), sx.sharedReadSite(reader), st, site);
                }
            }
            sx.w = e;                                               // WRITE EXCLUSIVE / WRITE SHARED (R stays SHARED)
            sx.writeSite = site;
            previousStacks.keepIfWanted(st.tid, e, site);
        }
    }

    // ---------------------------------------------------------------- locations in shadow words

    /**
     * A check of FINE element i: READ / WRITE SAME EPOCH on the plain word; READ / WRITE EXCLUSIVE by
     * {@link #exclusiveFine}; else {@link #fineRules}. The form for a shadow's own loops ({@code ArrayShadow}), which
     * keeps EXCLUSIVE in line; a check site takes {@link #checkFineAtSite}, whose compiled code must stay small enough
     * for C2 to inline it at every site.
     */
    void checkFine(ThreadState st, FineWords x, int i, boolean write, int site) {
        count(st);
        long[] block = x.block(i);
        long word = block[x.slot(i, write)];
        if ((word & ShadowWord.EPOCH_BITS) != st.wordEpoch) {         // else READ / WRITE SAME EPOCH
            fineChange(st, x, block, i, word, write, site);
        }
    }

    /**
     * {@link #checkFine} at a check site: READ / WRITE SAME EPOCH in line, the rest called ({@link #fineChangeCalled}),
     * so that the site's compiled code stays small.
     */
    void checkFineAtSite(ThreadState st, FineWords x, int i, boolean write, int site) {
        count(st);
        long[] block = x.block(i);
        long word = block[x.slot(i, write)];
        if ((word & ShadowWord.EPOCH_BITS) != st.wordEpoch) {
            fineChangeCalled(st, x, block, i, word, write, site);
        }
    }

    /**
     * {@link #fineChange}, called, not inlined ({@link JitOptions}), after a test of a read that leaves an inflated
     * element's state unchanged (READ SHARED SAME EPOCH, most checks of a read-shared element: sparse's {@code x[col[i]]},
     * crypt's key), which then costs no second call. Here and not in {@code fineChange}, which the runtime's own paths
     * inline ({@link #checkFine}): grown by it, they inlined less of the footprints' paths (BF's sparse ran 5% slower).
     */
    void fineChangeCalled(ThreadState st, FineWords x, long[] block, int i, long word, boolean write, int site) {
        ArrayVarState s;
        if (word == ShadowWord.INFLATED && !write && (s = x.published(i)) != null && sameEpochRead(st, s)) {
            return;
        }
        fineChange(st, x, block, i, word, write, site);
    }

    /** A FINE element's check past its same-epoch test: READ / WRITE EXCLUSIVE by {@link #exclusiveFine}, else {@link #fineRules}. */
    private void fineChange(ThreadState st, FineWords x, long[] block, int i, long word, boolean write, int site) {
        if (word == ShadowWord.INFLATED || !exclusiveFine(st, x, block, i, word,
                (long) FineWords.WORDS.getVolatile(block, x.slot(i, !write)), write, site)) {
            fineRules(st, x, block, i, write, site);
        }
    }

    /**
     * The rest of a FINE element's check, called from it ({@link JitOptions}): an inflated element (read-shared, most
     * often) on its VarState's rules, any other on {@link #checkWords}.
     */
    void fineRules(ThreadState st, FineWords x, long[] block, int i, boolean write, int site) {
        if (x.word(block, i, write) == ShadowWord.INFLATED) {
            checkUncounted(st, x.inflated(block, i), write, site);
        } else {
            checkWords(st, x, block, i, write, site);
        }
    }

    /**
     * READ / WRITE EXCLUSIVE on FINE element i, whose word for the access and other word were seen as {@code own} and
     * {@code other}: {@link #checkWords}'s first round, without its retry loop and its other rules, which
     * {@link #fineRules} runs out of line ({@link JitOptions}). It is what a loop's element checks run in every new
     * epoch (half of sor's and lufact's FastTrack checks). False if it changed nothing: any other rule, an epoch or
     * site a word cannot hold, or a lost CAS.
     */
    boolean exclusiveFine(ThreadState st, FineWords x, long[] block, int i, long own, long other, boolean write,
            int site) {
        if (disabled || st.wordEpoch == ShadowWord.NO_WORD || !ShadowWord.fits(site) || !exclusive(st, own, other)) {
            return false;
        }
        return write ? writeExclusive(st, x, block, i, site, own, other) : readExclusive(st, x, block, i, site, other, own);
    }

    /** {@link #uniformRule}: READ / WRITE SAME EPOCH (or a disabled detector): nothing changes. */
    static final int SAME_EPOCH = 0;
    /** {@link #uniformRule}: READ / WRITE EXCLUSIVE, made by {@link #applyExclusive}. */
    static final int EXCLUSIVE = 1;
    /**
     * {@link #uniformRule}: the state needs its VarState (READ SHARE, a race, an epoch or site a word cannot hold):
     * the caller inflates it and runs the check on that ({@link #checkUncounted}).
     */
    static final int INFLATE = 2;

    /**
     * A check (counted) of an adaptive array shadow's UNIFORM state in words, under that shadow's monitor, so no
     * other thread changes them: the FT2 rule it takes, as {@link #checkWords} would take it, changing nothing yet.
     */
    int uniformRule(ThreadState st, UniformWords u, boolean write, int site) {
        count(st);
        if (disabled || leavesUnchanged(st, u, write)) {
            return SAME_EPOCH;
        }
        return st.wordEpoch != ShadowWord.NO_WORD && ShadowWord.fits(site)
                && exclusive(st, u.word(write), u.word(!write)) ? EXCLUSIVE : INFLATE;
    }

    /** READ / WRITE EXCLUSIVE on UNIFORM words ({@link #uniformRule}) that no other segment holds: a plain store. */
    void applyExclusive(ThreadState st, UniformWords u, boolean write, int site) {
        previousStacks.keepIfWanted(st.tid, st.epoch, site);
        u.set(write, ShadowWord.of(st.wordEpoch, site));
    }

    /** {@link #leavesUnchanged(ThreadState, VarState, boolean)} of UNIFORM words: READ / WRITE SAME EPOCH. */
    static boolean leavesUnchanged(ThreadState st, UniformWords u, boolean write) {
        return (u.word(write) & ShadowWord.EPOCH_BITS) == st.wordEpoch;
    }

    /**
     * READ / WRITE EXCLUSIVE applies to a location in words whose word for the access is {@code own} and whose other
     * word is {@code other} (neither of them this thread's current epoch's): both ordered before {@code st}, and not
     * read-shared. Otherwise a race, READ SHARE, or a location already inflated.
     */
    private static boolean exclusive(ThreadState st, long own, long other) {
        return other != ShadowWord.INFLATED && ShadowWord.ordered(own, st) && ShadowWord.ordered(other, st);
    }

    /**
     * A check (already counted) of a location in shadow words, past its same-epoch test: FT2's rules on its two
     * {@link ShadowWord}s. READ EXCLUSIVE and WRITE EXCLUSIVE are one CAS; every other rule (READ SHARE, a race, an
     * epoch or site a word cannot hold) inflates the location and runs on its VarState as above, for good.
     *
     * <p>W and R are two words, so a read (CAS R, having checked W) and a write (CAS W, having checked R) could
     * each miss the other. So after its CAS each reloads the other word (Dekker: of two threads that each store
     * and then load the other's location, at least one sees the other's store), and a value that changed since
     * it was checked is an access concurrent with this one: no thread can be ordered after the current access
     * before this thread's next release. Both threads may then report the one race, once each way.
     */
    void checkWords(ThreadState st, WordStore x, Object holder, int i, boolean write, int site) {
        checkWords(st, x, holder, i, write, site, x.word(holder, i, write));
    }

    /**
     * A field's check past its site's same-epoch test, from the word the site read: an inflated field on its VarState
     * (its own, unless {@code holder} is a clone that copied the reference: {@link FieldShadow#inflated}), any other
     * on the word rules.
     */
    void checkField(ThreadState st, FieldShadow shadow, Object holder, long word, boolean write, int site) {
        if (word == ShadowWord.INFLATED) {
            checkUncounted(st, shadow.inflated(holder, 0), write, site);
        } else {
            checkWords(st, shadow, holder, 0, write, site, word);
        }
    }

    /**
     * {@link #checkWords} of a location whose word for the access was {@code own} when the check site read it (its
     * same-epoch test): the rules start from that value, and the CAS that applies them finds out if it changed since
     * (then the word is read again), as it would for a value read here.
     */
    void checkWords(ThreadState st, WordStore x, Object holder, int i, boolean write, int site, long own) {
        if (disabled) {
            return;
        }
        long e = st.wordEpoch;
        for (; e != ShadowWord.NO_WORD && ShadowWord.fits(site); own = x.word(holder, i, write)) {
            if (own == ShadowWord.INFLATED) {
                checkUncounted(st, x.inflated(holder, i), write, site);
                return;
            }
            if ((own & ShadowWord.EPOCH_BITS) == e) {
                return;                                             // READ / WRITE SAME EPOCH
            }
            long other = x.word(holder, i, !write);
            if (!exclusive(st, own, other)) {
                break;                                              // a race, READ SHARE, or read-shared already
            }
            if (write ? writeExclusive(st, x, holder, i, site, own, other)
                      : readExclusive(st, x, holder, i, site, other, own)) {
                return;
            }
        }
        checkUncounted(st, x.inflate(holder, i), write, site);
    }

    /**
     * READ / WRITE EXCLUSIVE on a field no other thread can reach yet (StaticBF proves it: a constructor's
     * {@code this} before it can escape), past its same-epoch test and not inflated: its words hold nothing or this
     * thread's own epochs, so the rule's tests hold and its update needs no CAS. A release store keeps the update
     * before the object's publication, so a thread that finds the object, even through a race, sees the epoch.
     */
    void checkFreshWords(ThreadState st, FieldShadow x, Object holder, boolean write, int site) {
        if (disabled) {
            return;
        }
        if (st.wordEpoch == ShadowWord.NO_WORD || !ShadowWord.fits(site)) {
            checkWords(st, x, holder, 0, write, site);              // inflates, as any word that cannot hold it
            return;
        }
        previousStacks.keepIfWanted(st.tid, st.epoch, site);
        x.release(holder, write, ShadowWord.of(st.wordEpoch, site));
    }

    /** {@link #check(ThreadState, VarState, boolean, int)} of a check already counted (an inflated location's). */
    void checkUncounted(ThreadState st, VarState sx, boolean write, int site) {
        if (write) {
            writeUncounted(st, sx, site);
        } else {
            readUncounted(st, sx, site);
        }
    }

    /**
     * READ EXCLUSIVE, having seen W = {@code w} and R = {@code r} (both ordered before st): false if R is no longer
     * {@code r} (start again). After the CAS, W is checked again (see {@link #checkWords}).
     */
    boolean readExclusive(ThreadState st, WordStore x, Object holder, int i, int site, long w, long r) {
        previousStacks.keepIfWanted(st.tid, st.epoch, site);
        if (!x.cas(holder, i, false, r, ShadowWord.of(st.wordEpoch, site))) {
            return false;
        }
        long w2 = x.word(holder, i, true);
        if (w2 != w) {
            recheckWrite(st, x, holder, i, w, w2, site);
        }
        return true;
    }

    /**
     * WRITE EXCLUSIVE, having seen W = {@code w} and R = {@code r} (both ordered before st): false if W is no longer
     * {@code w} (start again). After the CAS, R is checked again (see {@link #checkWords}).
     */
    boolean writeExclusive(ThreadState st, WordStore x, Object holder, int i, int site, long w, long r) {
        previousStacks.keepIfWanted(st.tid, st.epoch, site);
        if (!x.cas(holder, i, true, w, ShadowWord.of(st.wordEpoch, site))) {
            return false;
        }
        long r2 = x.word(holder, i, false);
        if (r2 != r) {
            recheckRead(st, x, holder, i, r, r2, site);
        }
        return true;
    }

    /** After READ EXCLUSIVE: W changed from {@code w} to {@code w2} since it was checked (see {@link #checkWords}). */
    private void recheckWrite(ThreadState st, WordStore x, Object holder, int i, long w, long w2, int site) {
        if (w2 != ShadowWord.INFLATED) {
            if (!ShadowWord.ordered(w2, st)) {                          // WRITE-READ RACE
                races.race(RaceKind.WRITE_READ, x.inflate(holder, i), ShadowWord.epoch(w2), ShadowWord.site(w2), st,
                        site);
            }
            return;
        }
        VarState sx = x.inflated(holder, i);
        synchronized (sx) {
            long now = sx.w;
            if (now != ShadowWord.epoch(w) && !ordered(now, st)) {    // WRITE-READ RACE
                races.race(RaceKind.WRITE_READ, sx, now, sx.writeSite, st, site);
            }
        }
    }

    /** After WRITE EXCLUSIVE: R changed from {@code r} to {@code r2} since it was checked (see {@link #checkWords}). */
    private void recheckRead(ThreadState st, WordStore x, Object holder, int i, long r, long r2, int site) {
        if (r2 != ShadowWord.INFLATED) {
            if (!ShadowWord.ordered(r2, st)) {                          // READ-WRITE RACE
                races.race(RaceKind.READ_WRITE, x.inflate(holder, i), ShadowWord.epoch(r2), ShadowWord.site(r2), st,
                        site);
            }
            return;
        }
        VarState sx = x.inflated(holder, i);
        synchronized (sx) {
            long now = sx.r;
            if (now == Epoch.SHARED) {
                int reader = sx.firstNotLeq(st);
                if (reader >= 0) {                                      // SHARED-WRITE RACE
                    races.race(RaceKind.SHARED_WRITE, sx, sx.get(reader), sx.sharedReadSite(reader), st, site);
                }
            } else if (now != ShadowWord.epoch(r) && !ordered(now, st)) {   // READ-WRITE RACE
                races.race(RaceKind.READ_WRITE, sx, now, sx.readSite, st, site);
            }
        }
    }

    /** {@code e ⪯ Vt}, with the same-thread shortcut {@code tid(e) == st.tid} (program order). */
    private static boolean ordered(long e, ThreadState st) {
        int t = Epoch.tid(e);
        return t == st.tid || e <= st.get(t);
    }

    /** Before a read of a final static field: no check (it cannot race), only the class-init order. */
    void classAccess(ThreadState st, StaticVarState sx) {
        if (!disabled) {
            orderAfterInit(st, sx.owner);
        }
    }

    /** Class initialisation: join I_c unless this thread is already ordered after the end of {@code <clinit>}. */
    private void orderAfterInit(ThreadState st, ClassInitState c) {
        if (joinsInit(st, c)) {
            if (events != null) {
                events.volatileRead(st, c);
            }
            st.joinFrom(c.clock());
        }
    }

    /** True if this thread is not yet ordered after the end of c's {@code <clinit>}: its next use of c joins I_c. */
    static boolean joinsInit(ThreadState st, ClassInitState c) {
        return c.clock() != null && !ordered(c.epoch(), st);
    }

    // ---------------------------------------------------------------- synchronisation

    /** ACQUIRE, after monitorenter. A re-entrant acquire (this thread already holds m) adds no edge and is filtered. */
    void acquire(ThreadState st, LockState sm) {
        if (disabled) {
            return;
        }
        if (events != null) {
            events.acquire(st, sm);
        }
        if (sm.holder == st) {
            sm.depth++;
            return;
        }
        sm.holder = st;
        sm.depth = 1;
        st.joinFrom(sm);
    }

    /** RELEASE, before monitorexit: only the outermost release of a held monitor copies and ticks. */
    void release(ThreadState st, LockState sm) {
        if (disabled) {
            return;
        }
        if (events != null) {
            events.release(st, sm);
        }
        if (sm.holder != st || --sm.depth > 0) {
            return;
        }
        sm.holder = null;
        sm.copyFrom(st);
        st.tick();
    }

    /** Before {@code wait()} on a monitor st holds: a full release, whatever the re-entrancy depth. */
    void waitRelease(ThreadState st, LockState sm) {
        if (disabled) {
            return;
        }
        st.waitDepth = sm.holder == st ? sm.depth : 0;
        if (events != null) {
            for (int i = Math.max(1, st.waitDepth); i > 0; i--) {
                events.release(st, sm);                           // as many as the trace's acquires
            }
        }
        sm.holder = null;
        sm.depth = 0;
        sm.copyFrom(st);
        st.tick();
    }

    /** After {@code wait()} returned with the monitor re-acquired: an acquire restoring the depth. */
    void waitReacquire(ThreadState st, LockState sm) {
        if (disabled) {
            return;
        }
        if (events != null) {
            for (int i = Math.max(1, st.waitDepth); i > 0; i--) {
                events.acquire(st, sm);
            }
        }
        st.joinFrom(sm);
        if (st.waitDepth > 0) {
            sm.holder = st;
            sm.depth = st.waitDepth;
        }
        st.waitDepth = 0;
    }

    /** FORK, before {@code u.start()}: child V := child V ⊔ parent V, then the parent ticks. */
    void fork(ThreadState parent, ThreadState child) {
        if (disabled) {
            return;
        }
        if (events != null) {
            events.fork(parent, child);
        }
        child.joinFrom(parent);
        parent.tick();
    }

    /** JOIN, once u has terminated: Vt := Vt ⊔ Vu. FT2 does not tick u. */
    void join(ThreadState st, ThreadState joined) {
        if (disabled) {
            return;
        }
        if (events != null) {
            events.join(st, joined);
        }
        st.joinFrom(joined);
    }

    /** Volatile read, after the read: Vt := Vt ⊔ L_vx. */
    void volatileRead(ThreadState st, VarState vx) {
        if (disabled) {
            return;
        }
        synchronized (vx) {
            if (events != null) {
                events.volatileRead(st, vx);
            }
            st.joinFrom(vx);
        }
    }

    /** Volatile write, before the write: L_vx := L_vx ⊔ Vt (a join: concurrent writers are not chained), then tick. */
    void volatileWrite(ThreadState st, VarState vx) {
        if (disabled) {
            return;
        }
        synchronized (vx) {
            if (events != null) {
                events.volatileWrite(st, vx);
            }
            vx.joinFrom(st);
        }
        st.tick();
    }

    /** Static volatile accesses also come after the owner's initialisation. */
    void volatileReadStatic(ThreadState st, StaticVarState vx) {
        if (!disabled) {
            orderAfterInit(st, vx.owner);
            volatileRead(st, vx);
        }
    }

    void volatileWriteStatic(ThreadState st, StaticVarState vx) {
        if (!disabled) {
            orderAfterInit(st, vx.owner);
            volatileWrite(st, vx);
        }
    }

    /** End of {@code <clinit>}: I_c := Vt, then tick. */
    void classInitialized(ThreadState st, ClassInitState c) {
        if (disabled) {
            return;
        }
        if (events != null) {
            events.volatileWrite(st, c);
        }
        c.initialized(st);
        st.tick();
    }

    /** Before {@code CyclicBarrier.await}: contribute to the current generation. */
    void barrierArrive(ThreadState st, BarrierState b) {
        if (disabled) {
            return;
        }
        st.barrierGeneration = b.arrive(st);
        if (events != null) {
            events.volatileWrite(st, st.barrierGeneration);    // ticks here, FT at the departure: no access between
        }
    }

    /** After {@code await} returned: barrier_rel, Vt := inc_t(⊔ of the generation's arrivals). */
    void barrierDepart(ThreadState st, BarrierState b) {
        BarrierState.Generation g = st.barrierGeneration;
        if (disabled || g == null) {
            return;
        }
        st.barrierGeneration = null;
        if (events != null) {
            events.volatileRead(st, g);
        }
        b.depart(st, g);
        st.tick();
    }

    // ---------------------------------------------------------------- failure

    boolean isDisabled() {
        return disabled;
    }

    /**
     * A race check (a plain field, array or foreign access; no synchronisation in it) failed inside the
     * runtime. A StackOverflowError is the program's deep recursion reaching into the check: that one check
     * is skipped (counted; the report then says it may be incomplete), which can only hide a race, never
     * invent one, and detection goes on, as the program does after catching it. Anything else: {@link #failed}.
     */
    void checkFailed(Throwable cause) {
        if (cause instanceof StackOverflowError) {
            skipped.incrementAndGet();
            return;
        }
        failed(cause);
    }

    /**
     * Any other entry point failed inside the runtime: detection is turned off, with one warning. A skipped
     * synchronisation event would lose a happens-before edge (false races later), so none is ever skipped.
     */
    void failed(Throwable cause) {
        synchronized (this) {
            if (disabled) {
                return;
            }
            disabledBy = cause;
            disabled = true;
        }
        System.err.println("DynamicBF: internal error, race detection disabled for the rest of the run: " + cause);
    }

    /** The failure that turned detection off (also named in the exit report: the warning may itself fail). */
    Throwable disabledBy() {
        return disabledBy;
    }

    /** Events skipped because the stack overflowed inside them. */
    long skipped() {
        return skipped.get();
    }
}
