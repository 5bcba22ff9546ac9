package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Per class, a digest of everything an analysis answers for its methods (plans, elided accesses, ...): what the
 * rewriting of a class kept from an earlier run depends on besides the class itself (a class whose methods the
 * analysis answers nothing for has the digest of nothing).
 */
public final class ClassDigests {

    /** Writes each answer into {@code byClass}: run at the first {@link #of} (a run without a cache asks none). */
    private final List<Consumer<Map<String, Map<String, Encoder>>>> answers = new ArrayList<>();
    private Map<String, String> digests;

    /** Adds an answer per method, {@code part} naming the kind of answer, which {@code write} writes. */
    <V> ClassDigests add(String part, Map<MethodKey, V> byMethod, BiConsumer<V, Encoder> write) {
        answers.add(byClass -> byMethod.forEach((key, value) -> write.accept(value, byClass.computeIfAbsent(
                key.classInternalName(), k -> new TreeMap<>()).computeIfAbsent(part + " " + key.nameAndDescriptor(),
                k -> new Encoder()))));
        return this;
    }

    /** Writes a set of bytecode indices in their order (a set's iteration order is not its content). */
    static void writeSorted(Set<Integer> ints, Encoder out) {
        ResultCodec.writeInts(new TreeSet<>(ints), out);
    }

    /** The digest of what the analysis answers for the methods of {@code classInternalName}. */
    public synchronized String of(String classInternalName) {
        if (digests == null) {
            Map<String, Map<String, Encoder>> byClass = new HashMap<>();
            answers.forEach(a -> a.accept(byClass));
            digests = new HashMap<>();
            byClass.forEach((name, byMethod) -> {
                Digest d = new Digest();
                byMethod.forEach((what, encoded) -> {
                    byte[] bytes = encoded.toByteArray();
                    d.add(what).add(bytes, 0, bytes.length);
                });
                digests.put(name, d.hex());
            });
        }
        return digests.getOrDefault(classInternalName, "");
    }
}
