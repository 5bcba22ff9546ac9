package bigfoot.rt;

import java.util.Arrays;

/**
 * A vector clock of epochs: entry i is always an epoch of thread i (FT2's well-formedness), and an entry never set
 * reads as {@code i@0}.
 *
 * <p>A clock of up to {@value #WIDTH} tids is one array, changed in place and copied whole (ROOT LEAF), as every
 * clock was. Past that its entries sit in a trie of {@value #WIDTH}-way nodes: leaves hold up to {@value #WIDTH}
 * entries (as many as were needed so far), an inner node its children (null: a subtree of {@code i@0} entries).
 * Tries share subtrees (SHARED SUBTREES): a join takes over the other clock's subtrees where this one has none
 * ({@code C ⊔ ⊥ = C}) or holds nothing they do not (CONVERGE), skips those both hold and those it has joined before
 * (COVERED), and a copy shares the root. So joins and copies cost what differs, not the number of tids ever used:
 * tasks on threads of their own that all meet in one atomic and one executor each copy a few nodes, not a clock
 * with an entry per task. A shared node ({@link Node#shared}) is never changed: a set or a join through it copies it
 * first (marking the children shared, which the copy also reaches) and changes the copy; a node only this clock
 * reaches is changed in place. Entries set or joined since the root last changed, up to {@value #OVERLAY_MAX}, sit in
 * an {@link Overlay} that overrides the root's, so ticks and joins of a few entries copy no path.
 *
 * <p>Who may write which clock is the caller's discipline (Flanagan and Freund, "The FastTrack2 Race Detector",
 * sections 5 and 6). A clock is shared from or copied only by a thread that may write it or holds what orders its
 * writers (the lock of a lock clock, the monitor of a volatile's shadow, the end of a joined thread), so no node is
 * marked shared while its owner changes it in place. Readers without that right (READ SHARED SAME EPOCH reads its own
 * entry of a location's read vector) see the published root (volatile) and nodes whose arrays were filled before they
 * were constructed (final fields): the old entry or the new one.
 */
class VectorClock {

    private static final int BITS = 5;
    static final int WIDTH = 1 << BITS;
    private static final int MASK = WIDTH - 1;

    /** A leaf ({@code shift} 0: {@code values}) or an inner node ({@code kids}, each of {@code 1 << shift} entries). */
    private static final class Node {
        final int shift;
        final long[] values;
        final Node[] kids;
        /** Reached from more than one clock or parent: never changed again. */
        boolean shared;
        /**
         * COVERED: a shared node of the same range whose every entry this node's is at least (so a join of it changes
         * nothing); kept while the entries only grow, dropped by a set. Only a node of one clock keeps one, and a
         * node that is one keeps none, so memos never hold chains of old nodes alive.
         */
        Node covered;

        private Node(int shift, long[] values, Node[] kids) {
            this.shift = shift;
            this.values = values;
            this.kids = kids;
        }

        /** A leaf of entries {@code base..base+length-1}, each {@code i@0} but those {@code from} has (may be null). */
        static Node leaf(int base, int length, Node from) {
            long[] v = new long[length];
            int kept = from == null ? 0 : Math.min(length, from.values.length);
            if (kept > 0) {
                System.arraycopy(from.values, 0, v, 0, kept);
            }
            for (int j = kept; j < length; j++) {
                v[j] = Epoch.make(base + j, 0);
            }
            Node n = new Node(0, v, null);
            n.covered = from == null ? null : from.covered;     // the copy holds at least what from held
            return n;
        }

        /** An inner node of {@code shift}, with {@code first} (may be null) as its child 0. */
        static Node inner(int shift, Node first) {
            Node[] kids = new Node[WIDTH];
            kids[0] = first;
            return new Node(shift, null, kids);
        }

        /** A changeable copy of inner node {@code n}: its children, now reached from both, become shared. */
        static Node copyOfInner(Node n) {
            Node[] kids = n.kids.clone();
            for (Node k : kids) {
                if (k != null) {
                    k.shared = true;
                }
            }
            Node copy = new Node(n.shift, null, kids);
            copy.covered = n.covered;
            return copy;
        }

        /** One past the last index of this node's range when it starts at 0. */
        int capacity() {
            return WIDTH << shift;
        }
    }

    /**
     * OVERLAY: entries that override the root's, at most {@value #OVERLAY_MAX}, as epochs in tid order (an epoch's high
     * bits are its tid). Past tid {@value #WIDTH}, or once the root is a trie, a set lands here instead of copying
     * the root's path, and a join merges the overlays and shares the roots; an overlay too big for its bound is set
     * into the root (FLUSH), so a trie's path is copied once per {@value #OVERLAY_MAX} entries, not once per tick: a task
     * on a thread of its own ticks and joins the atomic it meets every other task in without copying nodes. An
     * overlay is shared by copies as a node is ({@link #shared}: changed only through a copy); one only this clock
     * reaches changes in place, and an added entry makes a new array (a reader without the right to write sees
     * whole arrays).
     */
    private static final class Overlay {
        final long[] epochs;
        boolean shared;

        Overlay(long[] epochs) {
            this.epochs = epochs;
        }

        /** The index of {@code tid}'s entry, or -1. */
        int indexOf(int tid) {
            long[] e = epochs;
            for (int i = 0; i < e.length; i++) {
                if (Epoch.tid(e[i]) == tid) {
                    return i;
                }
            }
            return -1;
        }

        /** These entries and {@code epoch}, whose tid has none here. */
        long[] with(long epoch) {
            long[] e = new long[epochs.length + 1];
            int i = 0;
            for (; i < epochs.length && epochs[i] < epoch; i++) {
                e[i] = epochs[i];
            }
            e[i] = epoch;
            System.arraycopy(epochs, i, e, i + 1, epochs.length - i);
            return e;
        }

        int maxTid() {
            return Epoch.tid(epochs[epochs.length - 1]);
        }
    }

    /** The most entries an {@link Overlay} holds. */
    private static final int OVERLAY_MAX = 16;
    private static final long[] NONE = {};

    /**
     * Null (every entry {@code i@0}); a {@code long[]} of the entries below its length (ROOT LEAF: tids below
     * {@value #WIDTH}; only this clock reaches it, so it is copied, never shared); or an inner {@link Node}.
     */
    private volatile Object root;
    /**
     * The OVERLAY, or null. Written after the root when both change, and read before it, so a reader that sees an
     * overlay without an entry also sees the root that took it.
     */
    private volatile Overlay overlay;

    VectorClock() {
    }

    /**
     * The epoch of thread {@code tid}; {@code tid@0} if never set. Inlined into nearly every compiled method (each
     * check's ordering test reads the thread's clock): the root leaf's entries here, every other shape in
     * {@link #getPastTheRootLeaf}, called ({@link JitOptions}), whose branch {@link ClockProfiles} has C2 keep.
     */
    final long get(int tid) {
        if (overlay == null && root instanceof long[] v && tid < v.length) {
            return v[tid];
        }
        return getPastTheRootLeaf(tid);
    }

    /** {@link #get}: the overlay, a trie, or an entry past the root leaf. */
    private long getPastTheRootLeaf(int tid) {
        Overlay f = overlay;
        if (f != null) {
            int i = f.indexOf(tid);
            if (i >= 0) {
                return f.epochs[i];
            }
        }
        return get(root, tid);
    }

    final void set(int tid, long epoch) {
        Overlay f = overlay;
        int i = f == null ? -1 : f.indexOf(tid);
        if (i >= 0) {
            if (f.shared) {
                Overlay copy = new Overlay(f.epochs.clone());
                copy.epochs[i] = epoch;
                overlay = copy;
            } else {
                f.epochs[i] = epoch;
            }
            return;
        }
        Object r = root;
        if (tid < WIDTH && !(r instanceof Node)) {
            long[] v = (long[]) r;
            if (v == null || tid >= v.length) {
                long[] grown = grown(v, tid + 1);
                grown[tid] = epoch;
                root = grown;
            } else {
                v[tid] = epoch;
            }
            return;
        }
        long[] e = f == null ? new long[] {epoch} : f.with(epoch);
        if (e.length <= OVERLAY_MAX) {
            overlay = new Overlay(e);
        } else {
            flush(e);
        }
    }

    /** FLUSH: the root := the root with {@code epochs} set (copying the paths it shares), and no overlay. */
    private void flush(long[] epochs) {
        Node top = trie();
        for (long e : epochs) {
            top = setIn(top, Epoch.tid(e), e);
        }
        root = top;
        overlay = null;
    }

    /** Makes room in a ROOT LEAF for the entries below {@code length} (at most {@value #WIDTH}), so one array holds them. */
    final void reserve(int length) {
        Object r = root;
        if (length <= WIDTH && !(r instanceof Node)) {
            long[] v = (long[]) r;
            if (v == null || v.length < length) {
                root = grown(v, length);
            }
        }
    }

    /** The number of entries that may differ from {@code i@0}. */
    final int size() {
        Object r = root;
        Overlay f = overlay;
        int s = r instanceof long[] v ? v.length : r == null ? 0 : ((Node) r).capacity();
        return f == null ? s : Math.max(s, f.maxTid() + 1);
    }

    /** This := this ⊔ other (pointwise max). */
    final void joinFrom(VectorClock other) {
        Overlay f = overlay;
        Overlay of = other.overlay;
        Object o = other.root;
        Object r = root;
        boolean leafMeetsTrie = r instanceof long[] && o instanceof Node || o instanceof long[] && r instanceof Node;
        if (f == null && of == null && !leafMeetsTrie) {
            joinRoot(o);
        } else {
            joinWithOverlays(f, of, o);
        }
    }

    private void joinWithOverlays(Overlay f, Overlay of, Object o) {
        Object r = root;
        if (r instanceof long[] v && o instanceof Node on) {
            // LEAF INTO OVERLAY: a small clock meeting a trie (a task acquiring what every task released) shares the
            // trie and keeps in its overlay the few entries of its own above the trie's, instead of copying a path
            long[] over = withLaterEntries(joinedOverlay(f, of, o), v, on);
            on.shared = true;
            root = on;
            setOverlay(over, of);
        } else if (o instanceof long[] ov && r instanceof Node rn) {
            // and the other way: a trie meeting a small clock (the atomic, released into by a task that knows its
            // submitter) keeps the leaf's later entries in its overlay instead of raising the leaf into a path
            setOverlay(withLaterEntries(joinedOverlay(f, of, o), ov, rn), of);
        } else if (of == null) {
            if (f.shared) {
                f = new Overlay(f.epochs.clone());
            }
            for (int i = 0; i < f.epochs.length; i++) {         // this overlay's entries, at their joined values
                f.epochs[i] = Math.max(f.epochs[i], get(o, Epoch.tid(f.epochs[i])));
            }
            joinRoot(o);
            overlay = f;
        } else {
            long[] over = joinedOverlay(f, of, o);
            joinRoot(o);
            setOverlay(over, of);
        }
    }

    /** {@code over} and, for each other tid of ROOT LEAF {@code v}, v's entry where it is above trie {@code t}'s. */
    private static long[] withLaterEntries(long[] over, long[] v, Node t) {
        long[] m = new long[over.length + v.length];
        int n = 0;
        int j = 0;
        for (int i = 0; i < v.length; i++) {
            while (j < over.length && Epoch.tid(over[j]) < i) {
                m[n++] = over[j++];
            }
            if (j < over.length && Epoch.tid(over[j]) == i) {
                m[n++] = over[j++];
            } else if (v[i] > get(t, i)) {
                m[n++] = v[i];
            }
        }
        while (j < over.length) {
            m[n++] = over[j++];
        }
        return n == m.length ? m : Arrays.copyOf(m, n);
    }

    /** Each tid of either overlay (may be null), at its joined value (read before the roots change). */
    private long[] joinedOverlay(Overlay f, Overlay of, Object otherRoot) {
        long[] a = f == null ? NONE : f.epochs;
        long[] b = of == null ? NONE : of.epochs;
        long[] m = new long[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            int ta = i < a.length ? Epoch.tid(a[i]) : Integer.MAX_VALUE;
            int tb = j < b.length ? Epoch.tid(b[j]) : Integer.MAX_VALUE;
            int t = Math.min(ta, tb);
            long mine = ta == t ? a[i++] : get(root, t);
            long theirs = tb == t ? b[j++] : get(otherRoot, t);
            m[n++] = Math.max(mine, theirs);
        }
        return n == m.length ? m : Arrays.copyOf(m, n);
    }

    /**
     * The overlay := the joined {@code over}: the other's ({@code of}, may be null) if equal to it (shared), else a new
     * one (none if empty); past {@link #OVERLAY_MAX} without the entries the joined root already holds, and set into
     * the root (FLUSH) if still too many.
     */
    private void setOverlay(long[] over, Overlay of) {
        if (of != null && Arrays.equals(over, of.epochs)) {
            of.shared = true;
            overlay = of;
            return;
        }
        if (over.length > OVERLAY_MAX) {
            Object r = root;
            int n = 0;
            for (long e : over) {
                if (e != get(r, Epoch.tid(e))) {
                    over[n++] = e;
                }
            }
            over = Arrays.copyOf(over, n);
        }
        if (over.length > OVERLAY_MAX) {
            flush(over);
        } else {
            overlay = over.length == 0 ? null : new Overlay(over);
        }
    }

    /** The root := the root ⊔ {@code o} (another clock's root). */
    private void joinRoot(Object o) {
        if (o == null) {
            return;
        }
        Object r = root;
        if (o instanceof long[] ov && !(r instanceof Node)) {
            long[] v = (long[]) r;
            if (v == null || ov.length > v.length) {
                // grow to exactly other's length: growth slack here would compound when two threads keep joining
                // each other's clocks through a lock (each round trip would grow both by half)
                long[] grown = ov.clone();
                for (int i = 0; v != null && i < v.length; i++) {
                    grown[i] = Math.max(v[i], ov[i]);
                }
                root = grown;
                return;
            }
            for (int i = 0; i < ov.length; i++) {
                if (ov[i] > v[i]) {
                    v[i] = ov[i];
                }
            }
            return;
        }
        // a ROOT LEAF of the other clock is copied: its owner changes it in place
        Node on = o instanceof Node n ? n : new Node(0, ((long[]) o).clone(), null);
        if (r == null) {
            on.shared = true;                                   // SHARED SUBTREES: ⊥ ⊔ C = C
            root = on;
            return;
        }
        Node rn = tallEnough(trie(), on.capacity());
        if (on.shift < rn.shift) {
            on.shared = true;                                   // reached from the other clock and from the raised path
        }
        Node j = join(rn, raised(on, rn.shift), false, 0);
        if (j != root) {
            root = j;
        }
    }

    /**
     * This := other (a copy): a ROOT LEAF is copied (into this clock's own when it fits), a trie and an overlay are
     * shared.
     */
    final void copyFrom(VectorClock other) {
        Object o = other.root;
        Overlay of = other.overlay;
        if (o instanceof long[] ov) {
            if (root instanceof long[] v && v.length >= ov.length) {
                System.arraycopy(ov, 0, v, 0, ov.length);
                for (int i = ov.length; i < v.length; i++) {
                    v[i] = Epoch.make(i, 0);
                }
            } else {
                root = ov.clone();
            }
        } else {
            if (o != null) {
                ((Node) o).shared = true;
            }
            root = o;
        }
        if (of != null) {
            of.shared = true;
        }
        overlay = of;
    }

    /** The first tid whose entry here is not ⪯ the same entry of {@code other}, or -1 if this ⊑ other. */
    final int firstNotLeq(VectorClock other) {
        Overlay f = overlay;
        Overlay of = other.overlay;
        Object r = root;
        Object o = other.root;
        if (f == null && of == null) {
            return firstNotLeq(r, o, 0);
        }
        int first = -1;
        for (long e : f == null ? NONE : f.epochs) {            // tids of this overlay: this one's entry is its
            if (e > other.get(Epoch.tid(e))) {
                first = Epoch.tid(e);
                break;
            }
        }
        for (long e : of == null ? NONE : of.epochs) {          // tids of the other's only: this root's entry is this one's
            int t = Epoch.tid(e);
            if (first >= 0 && t >= first) {
                break;
            }
            if ((f == null || f.indexOf(t) < 0) && get(r, t) > e) {
                first = t;
                break;
            }
        }
        for (int from = 0; ; ) {                                // every other tid: root against root
            int t = firstNotLeq(r, o, from);
            if (t < 0 || (first >= 0 && t >= first)) {
                return first;
            }
            if ((f == null || f.indexOf(t) < 0) && (of == null || of.indexOf(t) < 0)) {
                return t;
            }
            from = t + 1;
        }
    }

    /** True if every entry equals {@code other}'s (entries never set read as {@code i@0}). */
    final boolean sameAs(VectorClock other) {
        return firstNotLeq(other) < 0 && other.firstNotLeq(this) < 0;
    }

    /** Every entry back to {@code i@0}. */
    final void clear() {
        root = null;
        overlay = null;
    }

    /** A fresh clock equal to this one. */
    final VectorClock snapshot() {
        VectorClock copy = new VectorClock();
        copy.copyFrom(this);
        return copy;
    }

    // ---------------------------------------------------------------- the trie

    /** A ROOT LEAF of at least {@code min} entries holding {@code v}'s (null: none), with slack up to WIDTH. */
    private static long[] grown(long[] v, int min) {
        int had = v == null ? 0 : v.length;
        long[] g = new long[Math.max(min, Math.min(WIDTH, had + (had >> 1) + 1))];
        if (had > 0) {
            System.arraycopy(v, 0, g, 0, had);
        }
        for (int i = had; i < g.length; i++) {
            g[i] = Epoch.make(i, 0);
        }
        return g;
    }

    /** The root as a trie node: a ROOT LEAF becomes this clock's own leaf node (null if empty). */
    private Node trie() {
        Object r = root;
        return r instanceof long[] v ? new Node(0, v, null) : (Node) r;
    }

    /** Entry {@code tid} of root {@code r}. */
    private static long get(Object r, int tid) {
        if (r instanceof long[] v) {
            return tid < v.length ? v[tid] : Epoch.make(tid, 0);
        }
        return r == null ? Epoch.make(tid, 0) : get((Node) r, tid);
    }

    /** The first tid from {@code from} on whose entry in root {@code a} is not ⪯ root {@code b}'s, or -1. */
    private static int firstNotLeq(Object a, Object b, int from) {
        if (a instanceof long[] av) {
            for (int i = from; i < av.length; i++) {
                if (av[i] > get(b, i)) {
                    return i;
                }
            }
            return -1;
        }
        if (a == null) {
            return -1;
        }
        Node an = (Node) a;
        Node bn = b instanceof long[] bv ? new Node(0, bv, null) : (Node) b;    // read only: no need to copy
        return firstNotLeq(an, bn != null && bn.shift > an.shift ? leftmost(bn, an.shift) : bn, 0, from);
    }

    private static long get(Node n, int tid) {
        if (tid >= n.capacity()) {
            return Epoch.make(tid, 0);
        }
        for (int s = n.shift; s > 0; s -= BITS) {
            n = n.kids[(tid >>> s) & MASK];
            if (n == null) {
                return Epoch.make(tid, 0);
            }
        }
        long[] v = n.values;
        int j = tid & MASK;
        return j < v.length ? v[j] : Epoch.make(tid, 0);
    }

    /**
     * {@code r} (may be null) with entry {@code tid} set: r itself or a copy of its path, under new roots if needed
     * (always an inner node: a trie's root is never a leaf).
     */
    private static Node setIn(Node r, int tid, long epoch) {
        Node top = writableInner(tallEnough(r, Math.max(tid, WIDTH) + 1));
        Node n = top;
        for (int s = top.shift; s > 0; s -= BITS) {
            int k = (tid >>> s) & MASK;
            Node child = n.kids[k];
            Node w = s == BITS ? leafFor(child, tid, false) : child == null ? Node.inner(s - BITS, null) : writableInner(child);
            if (w != child) {
                n.kids[k] = w;
            }
            n.covered = null;                                   // a set may lower an entry
            n = w;
        }
        n.values[tid & MASK] = epoch;
        n.covered = null;
        return top;
    }

    /** {@code r} (or new roots above it) whose range reaches {@code capacity}; an empty leaf for an empty clock. */
    private static Node tallEnough(Node r, int capacity) {
        if (r == null) {
            r = Node.leaf(0, 0, null);
        }
        while (r.capacity() < capacity) {
            r = Node.inner(r.shift + BITS, r);
        }
        return r;
    }

    /** {@code o} as a node of {@code shift} (at least o's): o itself, or new inner nodes above it. */
    private static Node raised(Node o, int shift) {
        while (o.shift < shift) {
            o = Node.inner(o.shift + BITS, o);
        }
        return o;
    }

    /** The subtree of {@code n} holding indices 0 .. (WIDTH << shift) - 1 (null: all {@code i@0}). */
    private static Node leftmost(Node n, int shift) {
        while (n != null && n.shift > shift) {
            n = n.kids[0];
        }
        return n;
    }

    /** Inner node {@code n} itself if this clock may change it, else a copy (a set copies top-down, so n's parent is its own). */
    private static Node writableInner(Node n) {
        return n.shared ? Node.copyOfInner(n) : n;
    }

    /**
     * Leaf {@code n} (may be null) itself if this clock may change it (not {@code frozen}) and it holds {@code tid},
     * else a copy that does.
     */
    private static Node leafFor(Node n, int tid, boolean frozen) {
        int j = tid & MASK;
        if (n != null && !frozen && !n.shared && j < n.values.length) {
            return n;
        }
        int had = n == null ? 0 : n.values.length;
        int length = Math.min(WIDTH, Math.max(j + 1, had + (had >> 1) + 1));
        return Node.leaf(tid & ~MASK, length, n);
    }

    /**
     * {@code a ⊔ b} for nodes of one shift whose range starts at {@code base} (either may be null): {@code a} changed
     * in place unless it is shared or {@code frozen} (an ancestor is), b's subtrees taken over where a has none or
     * where a's hold nothing b's do not (CONVERGE: clocks that meet in several places, an atomic and an executor's
     * termination, end up sharing nodes, so their later joins skip them instead of comparing equal copies).
     */
    private static Node join(Node a, Node b, boolean frozen, int base) {
        if (a == b || b == null) {
            return a;
        }
        if (a == null) {
            b.shared = true;
            return b;
        }
        if (a.covered == b) {
            return a;
        }
        Node w = joinNode(a, b, frozen, base);
        if (w != b && b.shared && !w.shared) {
            w.covered = b;                                      // COVERED: w = a ⊔ b, and b never changes
            b.covered = null;                                   // a memo's target keeps none: no chains of old nodes
        }
        return w;
    }

    private static Node joinNode(Node a, Node b, boolean frozen, int base) {
        boolean fixed = frozen || a.shared;
        if (a.shift == 0) {
            long[] bv = b.values;
            if (covers(bv, a.values)) {
                b.shared = true;
                return b;
            }
            Node w = a;
            for (int j = 0; j < bv.length; j++) {
                if (bv[j] > (j < w.values.length ? w.values[j] : Epoch.make(base + j, 0))) {
                    if (w == a && (fixed || j >= a.values.length)) {
                        w = leafFor(a, base + bv.length - 1, true);  // a copy long enough for all of b's entries
                    }
                    w.values[j] = bv[j];
                }
            }
            return w;
        }
        Node w = a;
        boolean sameAsB = true;
        for (int j = 0; j < WIDTH; j++) {
            Node k = a.kids[j];
            Node joined = join(k, b.kids[j], fixed, base + (j << a.shift));
            if (joined != k) {
                if (w == a && fixed) {
                    w = Node.copyOfInner(a);
                }
                w.kids[j] = joined;
            }
            sameAsB &= joined == b.kids[j];
        }
        if (sameAsB) {
            b.shared = true;
            return b;
        }
        return w;
    }

    /** True if leaf values {@code b} are at least {@code a} entry by entry (entries past a's read as {@code i@0}). */
    private static boolean covers(long[] b, long[] a) {
        if (b.length < a.length) {
            return false;
        }
        for (int j = 0; j < a.length; j++) {
            if (a[j] > b[j]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first index at or above {@code base} and {@code from} where {@code a} is above {@code b} (null b: all
     * {@code i@0}), or -1.
     */
    private static int firstNotLeq(Node a, Node b, int base, int from) {
        if (a == null || a == b || base + a.capacity() <= from) {
            return -1;
        }
        if (b != null && b.shift < a.shift) {                   // b holds only a's first child's range
            int found = firstNotLeq(a.kids[0], b, base, from);
            for (int j = 1; j < WIDTH && found < 0; j++) {
                found = firstNotLeq(a.kids[j], null, base + (j << a.shift), from);
            }
            return found;
        }
        if (a.shift == 0) {
            long[] av = a.values;
            for (int j = Math.max(0, from - base); j < av.length; j++) {
                long bj = b != null && j < b.values.length ? b.values[j] : Epoch.make(base + j, 0);
                if (av[j] > bj) {
                    return base + j;
                }
            }
            return -1;
        }
        for (int j = 0; j < WIDTH; j++) {
            int found = firstNotLeq(a.kids[j], b == null ? null : b.kids[j], base + (j << a.shift), from);
            if (found >= 0) {
                return found;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0, n = size(); i < n; i++) {
            sb.append(i == 0 ? "" : ", ").append(Epoch.toString(get(i)));
        }
        return sb.append(']').toString();
    }
}
