package bigfoot.rt;

import bigfoot.rt.report.RaceKind;

/** Receives every race the detector finds, while it holds the variable's shadow monitor: must be quick and take no shadow lock. */
interface RaceListener {

    /**
     * @param var          the shadow of the raced variable
     * @param previous     the epoch of the earlier, unordered access
     * @param previousSite its site id (-1 if unknown)
     * @param current      the thread making the current access (its epoch is the current access's)
     * @param currentSite  the current access's site id
     */
    void race(RaceKind kind, VarState var, long previous, int previousSite, ThreadState current, int currentSite);
}
