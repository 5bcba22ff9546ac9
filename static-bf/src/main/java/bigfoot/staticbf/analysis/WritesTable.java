package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The distinct write sets of a kept entry ({@link KeptCallFacts}, {@link KeptCallGraph}), each written once and named
 * by its index: most calls share a few (nothing, anything), and equal sets made apart share an index.
 */
final class WritesTable {
    private final Map<HeapWrites, Integer> byIdentity = new IdentityHashMap<>();
    private final Map<String, Integer> byDigest = new HashMap<>();
    private final List<HeapWrites> distinct = new ArrayList<>();

    /** The index of {@code writes}, added if no equal set was. */
    int add(HeapWrites writes) {
        return byIdentity.computeIfAbsent(writes, w -> byDigest.computeIfAbsent(w.digest(), d -> {
            distinct.add(w);
            return distinct.size() - 1;
        }));
    }

    /** The index {@link #add} gave {@code writes}. */
    int indexOf(HeapWrites writes) {
        return byIdentity.get(writes);
    }

    void encode(Encoder out) {
        out.writeInt(distinct.size());
        distinct.forEach(w -> w.encode(out));
    }

    /** The sets {@link #encode} wrote, by index. */
    static List<HeapWrites> decode(Decoder in) throws Decoder.Malformed {
        List<HeapWrites> distinct = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            distinct.add(HeapWrites.decode(in));
        }
        return distinct;
    }

    /** The set at {@code index} of {@code table}. */
    static HeapWrites at(List<HeapWrites> table, int index) throws Decoder.Malformed {
        if (index < 0 || index >= table.size()) {
            throw new Decoder.Malformed("no write set " + index);
        }
        return table.get(index);
    }
}
