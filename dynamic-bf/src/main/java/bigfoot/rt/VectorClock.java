package bigfoot.rt;

/**
 * A vector clock of epochs: entry i is always an epoch of thread i (FT2's well-formedness), and an entry never set
 * reads as {@code i@0}.
 *
 * <p>A clock of up to {@value #WIDTH} tids is one array, changed in place and copied whole (ROOT LEAF), as every
 * clock was; a clock of a few entries, one past those tids, keeps just those (FEW ENTRIES, {@link Few}). Past that
 * its entries sit in a trie of {@value #WIDTH}-way nodes: leaves hold up to {@value #WIDTH}
 * entries (as many as were needed so far), an inner node its children (null: a subtree of {@code i@0} entries).
 * Tries share subtrees (SHARED SUBTREES): a join takes over the other clock's subtrees where this one has none
 * ({@code C ⊔ ⊥ = C}) or holds nothing they do not (CONVERGE), skips those both hold and those it has joined before
 * (COVERED), and a copy shares the root. So joins and copies cost what differs, not the number of tids ever used:
 * tasks on threads of their own that all meet in one atomic and one executor each copy a few nodes, not a clock
 * with an entry per task. A shared node ({@link Node#shared}) is never changed: a set or a join through it copies it
 * first (marking the children shared, which the copy also reaches) and changes the copy; a node only this clock
 * reaches is changed in place.
 *
 * <p>Who may write which clock is the caller's discipline (fasttrack2.md section 9). A clock is shared from or
 * copied only by a thread that may write it or holds what orders its writers (the lock of a lock clock, the monitor
 * of a volatile's shadow, the end of a joined thread), so no node is marked shared while its owner changes it in
 * place. Readers without that right (READ SHARED SAME EPOCH reads its own entry of a location's read vector) see
 * the published root (volatile) and nodes whose arrays were filled before they were constructed (final fields):
 * the old entry or the new one.
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
     * FEW ENTRIES: the entries other than {@code i@0} of a clock with at most {@value #FEW_MAX} of them, one of a tid
     * of at least {@value #WIDTH}, as epochs in tid order (an epoch's high bits are its tid): a task on a thread of
     * its own knows its submitter and itself, whatever their tids. An entry changes in place, an added one makes a
     * new array (so a reader without the right to write sees whole arrays); only this clock reaches it (it is
     * copied, never shared), as a ROOT LEAF.
     */
    private static final class Few {
        final long[] epochs;

        Few(long[] epochs) {
            this.epochs = epochs;
        }

        /** The index of {@code tid}'s entry, or -1. */
        int indexOf(int tid) {
            for (int i = 0; i < epochs.length; i++) {
                if (Epoch.tid(epochs[i]) == tid) {
                    return i;
                }
            }
            return -1;
        }

        /** These entries and {@code epoch}, whose tid has none here. */
        Few with(long epoch) {
            long[] e = new long[epochs.length + 1];
            int i = 0;
            for (; i < epochs.length && epochs[i] < epoch; i++) {
                e[i] = epochs[i];
            }
            e[i] = epoch;
            System.arraycopy(epochs, i, e, i + 1, epochs.length - i);
            return new Few(e);
        }

        Few copy() {
            return new Few(epochs.clone());
        }

        int maxTid() {
            return Epoch.tid(epochs[epochs.length - 1]);
        }
    }

    /** The most entries a {@link Few} holds. */
    private static final int FEW_MAX = 8;

    /**
     * Null (every entry {@code i@0}); a {@code long[]} of the entries below its length (ROOT LEAF: tids below
     * {@value #WIDTH}; only this clock reaches it, so it is copied, never shared); a {@link Few}; or an inner
     * {@link Node}.
     */
    private volatile Object root;

    VectorClock() {
    }

    /** The epoch of thread {@code tid}; {@code tid@0} if never set. */
    final long get(int tid) {
        Object r = root;
        if (r instanceof long[] v) {
            return tid < v.length ? v[tid] : Epoch.make(tid, 0);
        }
        if (r instanceof Node n) {
            return get(n, tid);
        }
        if (r instanceof Few f) {
            int i = f.indexOf(tid);
            return i >= 0 ? f.epochs[i] : Epoch.make(tid, 0);
        }
        return Epoch.make(tid, 0);
    }

    final void set(int tid, long epoch) {
        Object r = root;
        if (r instanceof Few f) {
            int i = f.indexOf(tid);
            if (i >= 0) {
                f.epochs[i] = epoch;
            } else {
                root = f.epochs.length < FEW_MAX ? f.with(epoch) : setIn(trieOf(f), tid, epoch);
            }
            return;
        }
        if (!(r instanceof Node)) {
            long[] v = (long[]) r;
            if (tid < WIDTH) {
                if (v == null || tid >= v.length) {
                    long[] grown = grown(v, tid + 1);
                    grown[tid] = epoch;
                    root = grown;
                } else {
                    v[tid] = epoch;
                }
                return;
            }
            Few few = few(v, epoch);
            if (few != null) {
                root = few;
                return;
            }
        }
        Node top = setIn(trie(), tid, epoch);
        if (top != root) {
            root = top;
        }
    }

    /** FEW ENTRIES: ROOT LEAF {@code v}'s entries (null: none) and {@code epoch} of a later tid, if few enough. */
    private static Few few(long[] v, long epoch) {
        int n = 1;
        for (int i = 0; v != null && i < v.length; i++) {
            n += Epoch.clock(v[i]) != 0 ? 1 : 0;
        }
        if (n > FEW_MAX) {
            return null;
        }
        long[] e = new long[n];
        for (int i = 0, k = 0; v != null && i < v.length; i++) {
            if (Epoch.clock(v[i]) != 0) {
                e[k++] = v[i];
            }
        }
        e[n - 1] = epoch;
        return new Few(e);
    }

    /** {@code r} (may be null) with entry {@code tid} set: r itself or a copy of its path, under new roots if needed. */
    private static Node setIn(Node r, int tid, long epoch) {
        Node top = writableInner(tallEnough(r, tid + 1));
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

    /** A trie of its own holding {@code f}'s entries. */
    private static Node trieOf(Few f) {
        Node t = tallEnough(null, f.maxTid() + 1);
        for (long e : f.epochs) {
            t = setIn(t, Epoch.tid(e), e);
        }
        return t;
    }

    /** Makes room for the entries below {@code length}, so that setting them allocates nothing more. */
    final void reserve(int length) {
        Object r = root;
        if (length <= WIDTH && (r == null || r instanceof long[])) {
            long[] v = (long[]) r;
            if (v == null || v.length < length) {
                root = grown(v, length);
            }
        } else if (r instanceof Node && length > 0) {
            set(length - 1, get(length - 1));
        }
    }

    /** The number of entries that may differ from {@code i@0}. */
    final int size() {
        Object r = root;
        return r instanceof long[] v ? v.length : r instanceof Few f ? f.maxTid() + 1 : r == null ? 0 : ((Node) r).capacity();
    }

    /** This := this ⊔ other (pointwise max). */
    final void joinFrom(VectorClock other) {
        Object o = other.root;
        if (o == null) {
            return;
        }
        Object r = root;
        if (o instanceof Few of) {
            if (r == null) {
                root = of.copy();
                return;
            }
            setLater(of.epochs);                                // a few sets: copied, as the other changes its in place
            return;
        }
        if (r instanceof Few f) {
            if (o instanceof Node on) {
                on.shared = true;                               // SHARED SUBTREES: the other's trie, with this one's few
                root = on;                                      // later entries set into copies of their paths
            }
            setLater(o instanceof long[] ov ? ov : f.epochs);
            return;
        }
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

    /** Sets each of {@code epochs} (epochs of their index, or of their own tid: {@code i@0} for none) that is later here. */
    private void setLater(long[] epochs) {
        for (long e : epochs) {
            int tid = Epoch.tid(e);
            if (e > get(tid)) {
                set(tid, e);
            }
        }
    }

    /** This := other (a copy): a ROOT LEAF or FEW ENTRIES are copied (into this clock's own when it fits), a trie is shared. */
    final void copyFrom(VectorClock other) {
        Object o = other.root;
        if (o instanceof Few of) {
            root = of.copy();
        } else if (o instanceof long[] ov) {
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
    }

    /** The first tid whose entry here is not ⪯ the same entry of {@code other}, or -1 if this ⊑ other. */
    final int firstNotLeq(VectorClock other) {
        Object a = root;
        if (a instanceof long[] av) {
            for (int i = 0; i < av.length; i++) {
                if (av[i] > other.get(i)) {
                    return i;
                }
            }
            return -1;
        }
        if (a instanceof Few f) {
            for (long e : f.epochs) {
                if (e > other.get(Epoch.tid(e))) {
                    return Epoch.tid(e);
                }
            }
            return -1;
        }
        if (a == null) {
            return -1;
        }
        Node an = (Node) a;
        Object b = other.root;
        Node bn = b instanceof long[] bv ? new Node(0, bv, null) : b instanceof Few bf ? trieOf(bf) : (Node) b;  // read only
        return firstNotLeq(an, bn != null && bn.shift > an.shift ? leftmost(bn, an.shift) : bn, 0);
    }

    /** True if every entry equals {@code other}'s (entries never set read as {@code i@0}). */
    final boolean sameAs(VectorClock other) {
        return firstNotLeq(other) < 0 && other.firstNotLeq(this) < 0;
    }

    /** Every entry back to {@code i@0}. */
    final void clear() {
        root = null;
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

    /** The root as a trie node: a ROOT LEAF becomes this clock's own leaf node, FEW ENTRIES a trie (null if empty). */
    private Node trie() {
        Object r = root;
        return r instanceof long[] v ? new Node(0, v, null) : r instanceof Few f ? trieOf(f) : (Node) r;
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

    /** The first index at or above {@code base} where {@code a} is above {@code b} (null b: all {@code i@0}), or -1. */
    private static int firstNotLeq(Node a, Node b, int base) {
        if (a == null || a == b) {
            return -1;
        }
        if (b != null && b.shift < a.shift) {                   // b holds only a's first child's range
            int found = firstNotLeq(a.kids[0], b, base);
            for (int j = 1; j < WIDTH && found < 0; j++) {
                found = firstNotLeq(a.kids[j], null, base + (j << a.shift));
            }
            return found;
        }
        if (a.shift == 0) {
            long[] av = a.values;
            for (int j = 0; j < av.length; j++) {
                long bj = b != null && j < b.values.length ? b.values[j] : Epoch.make(base + j, 0);
                if (av[j] > bj) {
                    return base + j;
                }
            }
            return -1;
        }
        for (int j = 0; j < WIDTH; j++) {
            int found = firstNotLeq(a.kids[j], b == null ? null : b.kids[j], base + (j << a.shift));
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
