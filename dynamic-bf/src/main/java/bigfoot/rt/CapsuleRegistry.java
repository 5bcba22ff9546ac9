package bigfoot.rt;

import bigfoot.ir.CapsuleFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run's capsules: the capsule classes loaded, the capsule violations seen (deduplicated per class, kind and pair
 * of sites) and the states of capsule objects whose words inflated ({@link CapsuleState}).
 */
final class CapsuleRegistry {

    private record Key(String className, CapsuleViolation.Kind kind, int previousSite, int currentSite) {
    }

    private final Set<String> loaded = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<Key, CapsuleViolation> violations = new ConcurrentHashMap<>();
    private final AtomicLong order = new AtomicLong();
    private final WeakIdentityMap<CapsuleState> inflated = new WeakIdentityMap<>();

    /** The shadow of a capsule class, from its {@code <clinit>}. */
    CapsuleShadow register(java.util.concurrent.atomic.AtomicLongFieldUpdater<Object> word, Class<?> owner) {
        loaded.add(owner.getName());
        return new CapsuleShadow(word, owner.getName(), this);
    }

    void violation(CapsuleShadow shadow, CapsuleViolation.Kind kind, long previous, int previousSite,
            ThreadState current, int currentSite) {
        long now = current.epoch;
        violations.computeIfAbsent(new Key(shadow.className, kind, previousSite, currentSite),
                k -> new CapsuleViolation(order.getAndIncrement(), kind, shadow.className, previous, previousSite, now,
                        currentSite, CallerStack.here())).occurred();
    }

    /** The state of a capsule object whose word is {@link ShadowWord#INFLATED}. */
    CapsuleState inflated(Object obj, CapsuleShadow shadow) {
        WeakIdentityMap.Entry<CapsuleState> e = inflated.find(obj);
        return e != null ? e.value : inflate(obj, shadow); // null only for a clone that copied an inflated word
    }

    /** Moves {@code obj}'s state from its word to a {@link CapsuleState}, under the state's monitor. */
    CapsuleState inflate(Object obj, CapsuleShadow shadow) {
        CapsuleState state = inflated.entry(obj, k -> new CapsuleState()).value;
        synchronized (state) {
            while (true) {
                long w = shadow.word(obj);
                if (w == ShadowWord.INFLATED) {
                    return state;
                }
                state.fill(w);
                if (shadow.freeze(obj, w)) {
                    return state;
                }
            }
        }
    }

    /** The distinct violations so far, in order of first occurrence. */
    List<CapsuleViolation.Resolved> violations(Sites sites, Threads threads) {
        List<CapsuleViolation> all = new ArrayList<>(violations.values());
        all.sort(Comparator.comparingLong(v -> v.order));
        return all.stream().map(v -> v.resolve(sites, threads)).toList();
    }

    /** The loaded capsule classes that showed a violation. */
    Set<String> violated() {
        Set<String> out = new TreeSet<>();
        violations.keySet().forEach(k -> out.add(k.className()));
        return out;
    }

    /**
     * {@code --find-capsules}: merges this run into {@code file} (read if it exists): the loaded capsule classes without
     * a violation are kept, those with one rejected for good. Written to a temporary file, then moved over it.
     */
    CapsuleFile writeFound(Path file) throws IOException {
        CapsuleFile before;
        try {
            before = CapsuleFile.read(file);
        } catch (NoSuchFileException e) {
            before = CapsuleFile.EMPTY;
        }
        Set<String> violated = violated();
        Set<String> kept = new TreeSet<>(loaded);
        kept.removeAll(violated);
        CapsuleFile after = before.merge(kept, violated);
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, after.render(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return after;
    }
}
