package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.CapsuleFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capsule protocol on one object (the BigFoot dissertation, chapter 5): an activation enters at its first field
 * access and exits at its end; a later activation must find the object free and its last exit ordered before it.
 */
class CapsuleShadowTest {

    /** A capsule object as the rewriter makes it: one capsule word. */
    static final class Capsule {
        volatile long __bf$cap;
    }

    private static final AtomicLongFieldUpdater<Capsule> WORD = AtomicLongFieldUpdater.newUpdater(Capsule.class, "__bf$cap");
    private static final int SITE_A = 3;
    private static final int SITE_B = 4;

    private final Sim sim = new Sim();
    private final CapsuleRegistry registry = new CapsuleRegistry();
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final CapsuleShadow shadow = registry.register((AtomicLongFieldUpdater) WORD, Capsule.class);
    private final Capsule obj = new Capsule();

    @TempDir
    Path dir;

    private List<CapsuleViolation.Resolved> violations() {
        return registry.violations(new Sites(), new Threads(sim.ft));
    }

    @Test
    void activationsOrderedByASynchronisationAreNoViolation() {
        ThreadState[] t = sim.forkedThreads(2);
        assertEquals(CapsuleShadow.ENTERED, shadow.enter(obj, t[0], SITE_A));
        shadow.exit(obj, t[0]);
        sim.order(t[0], t[1]);
        assertEquals(CapsuleShadow.ENTERED, shadow.enter(obj, t[1], SITE_B));
        shadow.exit(obj, t[1]);
        assertEquals(List.of(), violations());
    }

    @Test
    void anActivationNotOrderedAfterTheLastExitIsAViolationNamingBothActivations() {
        ThreadState[] t = sim.forkedThreads(2);
        shadow.enter(obj, t[0], SITE_A);
        shadow.exit(obj, t[0]);
        shadow.enter(obj, t[1], SITE_B);
        List<CapsuleViolation.Resolved> v = violations();
        assertEquals(1, v.size(), v::toString);
        assertEquals(CapsuleViolation.Kind.UNORDERED, v.get(0).kind());
        assertEquals(SITE_A, v.get(0).previous().siteId());
        assertEquals(SITE_B, v.get(0).current().siteId());
        assertEquals(Capsule.class.getName(), v.get(0).className());
        assertEquals(Set.of(Capsule.class.getName()), registry.violated());
    }

    @Test
    void enteringWhileAnotherThreadIsInsideIsAViolationEvenIfOrderedAfterItsEntry() {
        ThreadState[] t = sim.forkedThreads(2);
        shadow.enter(obj, t[0], SITE_A);
        sim.order(t[0], t[1]); // e.g. a lock released inside the activation: its exit is still to come
        shadow.enter(obj, t[1], SITE_B);
        assertEquals(CapsuleViolation.Kind.CONCURRENT, violations().get(0).kind());
    }

    @Test
    void theExitEpochIsTheActivationsEndNotItsStart() {
        ThreadState[] t = sim.forkedThreads(2);
        shadow.enter(obj, t[0], SITE_A);
        sim.order(t[0], t[1]);
        shadow.exit(obj, t[0]);   // after the release: what the activation did since is not ordered before t[1]
        shadow.enter(obj, t[1], SITE_B);
        assertEquals(CapsuleViolation.Kind.UNORDERED, violations().get(0).kind());
    }

    @Test
    void aNestedActivationOfTheThreadInsideCostsNoStateChange() {
        ThreadState t = Sim.thread(0);
        assertEquals(CapsuleShadow.ENTERED, shadow.enter(obj, t, SITE_A));
        long inside = WORD.get(obj);
        assertEquals(CapsuleShadow.NESTED, shadow.enter(obj, t, SITE_B));
        assertEquals(inside, WORD.get(obj));
        shadow.exit(obj, t);
        assertTrue(!CapsuleShadow.occupied(WORD.get(obj)), "free after the outer exit");
        assertEquals(List.of(), violations());
    }

    @Test
    void aThreadWhoseTidDoesNotFitInAWordMovesTheObjectToAFullState() {
        ThreadState t0 = Sim.thread(0);
        ThreadState big = Sim.thread(ShadowWord.TID_LIMIT + 5);
        sim.ft.fork(t0, big);
        shadow.enter(obj, t0, SITE_A);
        shadow.exit(obj, t0);                                 // after the fork: not ordered before big
        assertEquals(CapsuleShadow.ENTERED, shadow.enter(obj, big, SITE_B));
        assertEquals(ShadowWord.INFLATED, WORD.get(obj));
        assertEquals(CapsuleViolation.Kind.UNORDERED, violations().get(0).kind());
        shadow.exit(obj, big);
        sim.order(big, t0);
        assertEquals(CapsuleShadow.ENTERED, shadow.enter(obj, t0, SITE_A));
        assertEquals(1, violations().size(), "ordered after big's exit, through the full state");
    }

    @Test
    void discoveryMergesTheRunsCapsulesIntoTheList() throws IOException {
        ThreadState[] t = sim.forkedThreads(2);
        CapsuleRegistry other = new CapsuleRegistry();
        @SuppressWarnings({"unchecked", "rawtypes"})
        CapsuleShadow kept = other.register((AtomicLongFieldUpdater) WORD, String.class); // any class name will do
        @SuppressWarnings({"unchecked", "rawtypes"})
        CapsuleShadow broken = other.register((AtomicLongFieldUpdater) WORD, Capsule.class);
        kept.enter(new Capsule(), t[0], SITE_A);
        broken.enter(obj, t[0], SITE_A);
        broken.enter(obj, t[1], SITE_B);
        Path file = Files.writeString(dir.resolve("caps.txt"), "old.Capsule\n!old.Broken\n");
        CapsuleFile written = other.writeFound(file);
        assertEquals(Set.of("old.Capsule", "java.lang.String"), written.capsules());
        assertEquals(Set.of("old.Broken", Capsule.class.getName()), written.rejected());
        assertEquals(written, CapsuleFile.read(file));
    }
}
