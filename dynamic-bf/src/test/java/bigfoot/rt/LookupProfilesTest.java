package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The start-up lookups of {@link LookupProfiles} take both outcomes of each lookup and find what the program's would:
 * each private registry's first lookup of the thread misses and makes its state, its later ones find that state; each
 * array gets one shadow, found again whether its lookup hits the thread's cache or misses it.
 */
class LookupProfilesTest {

    @Test
    void everyLookupMissesThenHitsAndFindsOneStatePerRegistryAndOneShadowPerArray() {
        for (boolean adaptive : new boolean[] {false, true}) {
            LookupProfiles.Outcome o = LookupProfiles.warmUp(adaptive);
            assertEquals(20, o.threadMisses(), "each registry's first lookup missed the thread's slot, no other did");
            assertEquals(20, o.threadStates(), "one state per registry, found again by the lookups that hit");
            assertTrue(o.arrays() > 2 * ThreadState.ARRAY_CACHE_SETS, "more arrays than the cache's two ways hold");
            assertEquals(o.arrays(), o.arrayShadows(), "one shadow per array, through hits and misses of the cache");
        }
    }
}
