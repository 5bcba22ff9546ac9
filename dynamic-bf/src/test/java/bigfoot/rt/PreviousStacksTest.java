package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The callers of a race's previous access, kept on demand: only at the sites a race named, and only so many times per
 * site; with {@code all-stacks}, at every site.
 */
class PreviousStacksTest {

    @Test
    void callersAreKeptOnlyAtWantedSitesAndOnlyUpToTheLimit() {
        PreviousStacks stacks = new PreviousStacks(false);
        stacks.keepIfWanted(1, Epoch.make(1, 4), 7);
        assertEquals(List.of(), stacks.of(Epoch.make(1, 4), 7), "no race wanted site 7 yet");

        stacks.want(7);
        stacks.keepIfWanted(1, Epoch.make(1, 5), 7);
        stacks.keepIfWanted(1, Epoch.make(1, 5), 8);
        assertFalse(stacks.of(Epoch.make(1, 5), 7).isEmpty(), "the callers of the access at wanted site 7");
        assertEquals(List.of(), stacks.of(Epoch.make(1, 5), 8), "site 8 is not wanted");
        assertEquals(List.of(), stacks.of(Epoch.make(1, 6), 7), "kept for the epoch that made the access only");

        for (int e = 6; e < 6 + PreviousStacks.CAPTURES_PER_SITE; e++) {
            stacks.keepIfWanted(1, Epoch.make(1, e), 7);
        }
        assertFalse(stacks.wanted(7), "a site stops being wanted after its captures");
    }

    @Test
    void withAllStacksEverySiteIsWantedWithoutALimit() {
        PreviousStacks stacks = new PreviousStacks(true);
        for (int e = 1; e <= 2 * PreviousStacks.CAPTURES_PER_SITE; e++) {
            stacks.keepIfWanted(2, Epoch.make(2, e), 3);
        }
        assertTrue(stacks.wanted(3));
        assertFalse(stacks.of(Epoch.make(2, 2 * PreviousStacks.CAPTURES_PER_SITE), 3).isEmpty());
        assertFalse(stacks.wanted(-1), "an access without a site is never wanted");
    }
}
