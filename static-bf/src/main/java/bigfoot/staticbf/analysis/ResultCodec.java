package bigfoot.staticbf.analysis;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
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
        public void write(Object result, DataOutput out) {
        }

        @Override
        public Object read(DataInput in) {
            return null;
        }
    };

    /** A set of ints (bytecode indices), as {@link #writeInts} writes it. */
    ResultCodec<Set<Integer>> INTS = new ResultCodec<>() {
        @Override
        public void write(Set<Integer> result, DataOutput out) throws IOException {
            writeInts(result, out);
        }

        @Override
        public Set<Integer> read(DataInput in) throws IOException {
            return readInts(in);
        }
    };

    /** Writes a non-null result. */
    void write(T result, DataOutput out) throws IOException;

    T read(DataInput in) throws IOException;

    static void writeInts(Set<Integer> ints, DataOutput out) throws IOException {
        out.writeInt(ints.size());
        for (int i : ints) {
            out.writeInt(i);
        }
    }

    /** The ints {@link #writeInts} wrote, in their order. */
    static Set<Integer> readInts(DataInput in) throws IOException {
        int n = in.readInt();
        Set<Integer> ints = new LinkedHashSet<>();
        for (int k = 0; k < n; k++) {
            ints.add(in.readInt());
        }
        return ints;
    }
}
