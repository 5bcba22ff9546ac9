package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.report.Target;

/**
 * FT2's shadow of one variable {@code S_x = (W, R, V)}; the vector clock V is this object itself and
 * holds, once {@code R == SHARED}, each thread's last read. Next to W and R it keeps the site of the
 * last write and of the last (exclusive) read, and in SHARED mode each thread's last read site, so a
 * race report can name the previous access precisely.
 *
 * <p>Discipline (Flanagan and Freund, "The FastTrack2 Race Detector", sections 5 and 6): W and R are volatile and
 * written only while holding this object's monitor; R never changes once it is SHARED; once R is SHARED, V entry i is
 * written only by thread i (holding the monitor). Before that, READ SHARE fills two entries under the monitor, and an
 * array block split copies all of them into a fresh shadow no other thread can see yet. The site fields are only
 * touched under the monitor.
 *
 * <p>A shadow of a volatile field is used as that field's synchronisation clock instead (its V is the
 * join of all writers' clocks); its W and R are never used.
 */
public class VarState extends VectorClock {

    /** W: the epoch of the last write. */
    volatile long w;
    /** R: the epoch of the last read, or {@link Epoch#SHARED}. */
    volatile long r;

    int writeSite = -1;
    int readSite = -1;
    /** SHARED mode: per tid, the site of that thread's last read (under this monitor); null until READ SHARE. */
    private ReadSites sharedReadSites;

    VarState() {
    }

    /** Records, under this monitor, that thread {@code tid} read at {@code epoch} from {@code site}. */
    final void recordSharedRead(int tid, long epoch, int site) {
        set(tid, epoch);
        if (sharedReadSites == null) {
            sharedReadSites = new ReadSites();
        }
        sharedReadSites.put(tid, site);
    }

    /** SHARED mode, under this monitor: the site of thread {@code tid}'s last read. */
    final int sharedReadSite(int tid) {
        return sharedReadSites == null ? -1 : sharedReadSites.get(tid);
    }

    /**
     * A refinement split (array shadows): this fresh, unpublished shadow becomes a copy of {@code parent}'s
     * whole FastTrack state, W, R, V and every site, so no history is lost.
     */
    final void copyStateOf(VarState parent) {
        synchronized (parent) {
            w = parent.w;
            r = parent.r;
            writeSite = parent.writeSite;
            readSite = parent.readSite;
            copyFrom(parent);
            sharedReadSites = parent.sharedReadSites == null ? null : parent.sharedReadSites.copy();
        }
    }

    /**
     * True if this shadow and {@code other} hold the same whole FastTrack state, W, R, V and every site, so one
     * of them can stand for both (array shadow merges). Both must be quiescent: the caller holds a lock under
     * which alone they change.
     */
    final boolean sameHistory(VarState other) {
        return w == other.w && r == other.r && writeSite == other.writeSite && readSite == other.readSite
                && (r != Epoch.SHARED || (sameAs(other) && sameSharedReadSites(other)));
    }

    private boolean sameSharedReadSites(VarState other) {
        ReadSites mine = sharedReadSites == null ? new ReadSites() : sharedReadSites;
        return mine.sameAs(other.sharedReadSites == null ? new ReadSites() : other.sharedReadSites);
    }

    /** What this shadow stands for, given a site that accesses it (null if the site is unknown). */
    Target target(Site site) {
        return Target.ofField("field", site);
    }
}
