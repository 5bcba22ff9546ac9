package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import bigfoot.ir.CapsuleFile;
import bigfoot.rt.report.CapsuleViolation;
import bigfoot.rt.report.RaceKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capsule's location (all its own fields as one, checked once per stretch of an activation with no release in it):
 * FastTrack's rules on it, a race on it reported as a capsule violation of its class and not as a race, and capsule
 * discovery keeping the loaded classes without one.
 */
class CapsuleLocationTest {

    /** A capsule object's location (all its own fields as one). */
    private static final FieldShadow LOCATION = ShadowedObject.shadow(ShadowedObject.class.getName());

    private final Engine engine = new Engine(Config.DEFAULT);
    private final ShadowedObject account = new ShadowedObject();

    @TempDir
    Path dir;

    private ThreadState[] forked() {
        ThreadState parent = new ThreadState(0, Epoch.make(0, 1));
        ThreadState child = new ThreadState(1, Epoch.make(1, 1));
        engine.detector.fork(parent, child);
        return new ThreadState[] {parent, child};
    }

    private void order(ThreadState from, ThreadState to) {
        LockState m = new LockState();
        engine.detector.acquire(from, m);
        engine.detector.release(from, m);
        engine.detector.acquire(to, m);
        engine.detector.release(to, m);
    }

    @Test
    void unorderedActivationsAreACapsuleViolationNotARace() {
        ThreadState[] t = forked();
        engine.detector.checkWords(t[0], LOCATION, account, 0, true, 3);
        engine.detector.checkWords(t[1], LOCATION, account, 0, false, 4);
        List<CapsuleViolation> v = engine.capsuleViolations();
        assertEquals(1, v.size(), v::toString);
        assertEquals(ShadowedObject.class.getName(), v.get(0).className());
        assertEquals(RaceKind.WRITE_READ, v.get(0).kind());
        assertEquals(List.of(3, 4), List.of(v.get(0).previous().siteId(), v.get(0).current().siteId()));
        assertEquals(List.of(), engine.races());
    }

    @Test
    void orderedActivationsAndConcurrentReadersAreNoViolation() {
        ThreadState[] t = forked();
        engine.detector.checkWords(t[0], LOCATION, account, 0, true, 3);
        order(t[0], t[1]);
        engine.detector.checkWords(t[1], LOCATION, account, 0, false, 4);
        engine.detector.checkWords(t[0], LOCATION, account, 0, false, 5);   // two readers: READ SHARE
        assertEquals(List.of(), engine.capsuleViolations());
    }

    @Test
    void discoveryKeepsTheLoadedCapsulesWithoutAViolation() throws IOException {
        CapsuleRegistry registry = new CapsuleRegistry();
        registry.loaded(ShadowedObject.class);
        registry.loaded(String.class);
        ThreadState[] t = forked();
        engine.detector.checkWords(t[0], LOCATION, account, 0, true, 3);
        engine.detector.checkWords(t[1], LOCATION, account, 0, true, 4);
        Path file = Files.writeString(dir.resolve("caps.txt"), "old.Capsule\n!old.Broken\n");
        CapsuleFile written = registry.writeFound(file, engine.capsuleViolations());
        assertEquals(Set.of("old.Capsule", "java.lang.String"), written.capsules());
        assertEquals(Set.of("old.Broken", ShadowedObject.class.getName()), written.rejected());
        assertEquals(written, CapsuleFile.read(file));
    }
}
