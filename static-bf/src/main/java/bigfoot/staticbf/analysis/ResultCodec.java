package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * How an analysis writes its result for one method into the {@link MethodCache} and reads it back. Reading gives a
 * result equal to the one written, whose sets and maps iterate in the order the written one's did: the rewriter's
 * output must not depend on whether a plan came from the cache.
 */
interface ResultCodec<T> {

    /** A result that is never anything but null (an analysis run for its side results). */
    ResultCodec<Object> NONE = new ResultCodec<>() {
        @Override
        public void write(Object result, Encoder out) {
        }

        @Override
        public Object read(Decoder in) {
            return null;
        }
    };

    /** A set of ints (bytecode indices), as {@link #writeInts} writes it. */
    ResultCodec<Set<Integer>> INTS = new ResultCodec<>() {
        @Override
        public void write(Set<Integer> result, Encoder out) {
            writeInts(result, out);
        }

        @Override
        public Set<Integer> read(Decoder in) throws Decoder.Malformed {
            return readInts(in);
        }
    };

    /** Writes a non-null result. */
    void write(T result, Encoder out);

    T read(Decoder in) throws Decoder.Malformed;

    static void writeInts(Set<Integer> ints, Encoder out) {
        out.writeInt(ints.size());
        for (int i : ints) {
            out.writeInt(i);
        }
    }

    /** The ints {@link #writeInts} wrote, in their order. */
    static Set<Integer> readInts(Decoder in) throws Decoder.Malformed {
        int n = in.readInt();
        Set<Integer> ints = new LinkedHashSet<>();
        for (int k = 0; k < n; k++) {
            ints.add(in.readInt());
        }
        return ints;
    }
}
