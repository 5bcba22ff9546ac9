package bigfoot.staticbf.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's list of modelled synchronisation is the model's, and names what users look for. */
class ModelListTest {

    @Test
    void theReadmeListsWhatTheModelHas() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        assertEquals(ModelList.withList(readme), readme,
                "README.md's synchronisation list differs from JdkSyncModel: run `make sync-list`");
    }

    @Test
    void theListNamesEachModelledClassAndItsEvents() {
        String list = ModelList.render();
        assertTrue(list.contains("- `java.util.concurrent.locks.Lock`: `lock`, `lockInterruptibly` returning void: acquire;"
                + " `tryLock` returning boolean: acquire if it returns true; `unlock` returning void: release"), list);
        assertTrue(list.contains("`java.util.concurrent.BlockingQueue`: as `java.util.Deque` (exactly), and `put`, `putFirst`,"
                + " `putLast`, `transfer`, `tryTransfer` (element)"), list);
        assertTrue(list.contains("the `compute()` of every subclass of `java.util.concurrent.ForkJoinTask`: acquire from its"
                + " task at entry, release into it at every return"), list);
        for (SyncMethod m : JdkSyncModel.METHODS) {
            assertTrue(list.contains(m.owner().describe()), () -> m.owner() + " missing from the list");
        }
    }
}
