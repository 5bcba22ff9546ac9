package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * An object's {@code finalize()} finds the value its object got before (the finalizer edge's channel, a recorded
 * trace's object number), though the JVM has cleared the object's weak references by then, and the entry goes once
 * the object is collected.
 */
class PhantomIdentityMapTest {

    private static final PhantomIdentityMap<Object> MAP = new PhantomIdentityMap<>();
    private static final AtomicReference<Object> FOUND = new AtomicReference<>();

    /** Looks its value up when the finalizer thread runs it, as a rewritten {@code finalize()} does. */
    private static final class Finalizable {
        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
            FOUND.set(MAP.valueOf(this, k -> new Object()));
        }
    }

    @Test
    void aFinalizerFindsTheValueOfItsObjectAndTheEntryGoesWithTheObject() throws InterruptedException {
        Object other = new Object();
        Object otherValue = MAP.valueOf(other, k -> new Object());
        Object made = constructAndDrop();
        collectUntil(() -> FOUND.get() != null);
        assertSame(made, FOUND.get(), "finalize() found the value made before");
        assertSame(otherValue, MAP.valueOf(other, k -> new Object()), "one value per key");
        assertNotSame(otherValue, made);
        collectUntil(() -> MAP.size() == 1);
        assertEquals(1, MAP.size(), "the finalized object's entry went with it; the live one's stays");
        assertNotNull(other);
    }

    private static Object constructAndDrop() {
        return MAP.valueOf(new Finalizable(), k -> new Object());
    }

    @SuppressWarnings({"deprecation", "removal"})
    private static void collectUntil(BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 200 && !done.getAsBoolean(); i++) {
            System.gc();
            System.runFinalization();
            Thread.sleep(5);
        }
    }
}
