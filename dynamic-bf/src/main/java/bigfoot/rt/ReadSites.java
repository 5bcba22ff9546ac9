package bigfoot.rt;

import java.util.Arrays;

/**
 * A read-shared shadow's per-thread read sites (the site of each thread's last read, for race reports): dense below
 * {@link #DENSE_TIDS}, where most programs' threads are, and in an open-addressing table above it, so that a location
 * read by a few threads of tid 100,000 holds a few entries, not an array of 100,000. Used under its shadow's monitor.
 */
final class ReadSites {

    /** Tids below this are kept in a plain array (at most 1 KB). */
    static final int DENSE_TIDS = 256;
    private static final int NONE = -1;
    private static final int EMPTY_KEY = -1;

    private int[] dense;
    /** Open addressing, linear probing: keys (tids, EMPTY_KEY for a free slot) and their sites; null until needed. */
    private int[] keys;
    private int[] sites;
    private int size;

    ReadSites() {
    }

    private ReadSites(ReadSites other) {
        dense = other.dense == null ? null : other.dense.clone();
        keys = other.keys == null ? null : other.keys.clone();
        sites = other.sites == null ? null : other.sites.clone();
        size = other.size;
    }

    ReadSites copy() {
        return new ReadSites(this);
    }

    void put(int tid, int site) {
        if (tid < DENSE_TIDS) {
            if (dense == null || tid >= dense.length) {
                int[] grown = new int[Math.min(DENSE_TIDS, Math.max(tid + 1, dense == null ? 8 : 2 * dense.length))];
                Arrays.fill(grown, NONE);
                if (dense != null) {
                    System.arraycopy(dense, 0, grown, 0, dense.length);
                }
                dense = grown;
            }
            dense[tid] = site;
            return;
        }
        if (keys == null || 2 * (size + 1) > keys.length) {
            rehash(keys == null ? 8 : 2 * keys.length);
        }
        int slot = slot(keys, tid);
        if (keys[slot] == EMPTY_KEY) {
            keys[slot] = tid;
            size++;
        }
        sites[slot] = site;
    }

    /** The site of thread {@code tid}'s last read, or -1. */
    int get(int tid) {
        if (tid < DENSE_TIDS) {
            return dense != null && tid < dense.length ? dense[tid] : NONE;
        }
        if (keys == null) {
            return NONE;
        }
        int slot = slot(keys, tid);
        return keys[slot] == tid ? sites[slot] : NONE;
    }

    /** True if both hold the same site for every tid. */
    boolean sameAs(ReadSites other) {
        return covers(other) && other.covers(this);
    }

    /** True if {@code other} holds this one's site for each tid this one has a site for. */
    private boolean covers(ReadSites other) {
        if (dense != null) {
            for (int tid = 0; tid < dense.length; tid++) {
                if (dense[tid] != NONE && other.get(tid) != dense[tid]) {
                    return false;
                }
            }
        }
        if (keys != null) {
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] != EMPTY_KEY && sites[i] != NONE && other.get(keys[i]) != sites[i]) {
                    return false;
                }
            }
        }
        return true;
    }

    private void rehash(int capacity) {
        int[] oldKeys = keys;
        int[] oldSites = sites;
        keys = new int[capacity];
        sites = new int[capacity];
        Arrays.fill(keys, EMPTY_KEY);
        if (oldKeys != null) {
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != EMPTY_KEY) {
                    int slot = slot(keys, oldKeys[i]);
                    keys[slot] = oldKeys[i];
                    sites[slot] = oldSites[i];
                }
            }
        }
    }

    /** The slot of {@code tid} in {@code table}, or the free slot where it would go (the table is never full). */
    private static int slot(int[] table, int tid) {
        int mask = table.length - 1;
        int i = (tid * 0x9E3779B9) >>> 16 & mask;
        while (table[i] != EMPTY_KEY && table[i] != tid) {
            i = (i + 1) & mask;
        }
        return i;
    }
}
