package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;

/** ForkJoin tasks: fork releases into the task, join acquires from it, and compute() acquires at entry and releases at exit. */
class ForkJoinEventsTest {

    private static final String TASK = """
            package app;

            import java.util.concurrent.RecursiveTask;

            public class Halves extends RecursiveTask<Integer> {
                final int n;

                Halves(int n) {
                    this.n = n;
                }

                @Override
                protected Integer compute() {
                    if (n <= 1) {
                        return n;
                    }
                    Halves right = new Halves(n / 2);
                    right.fork();
                    int left = new Halves(n - n / 2).invoke();
                    return left + right.join();
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void computeAcquiresAtEntryAndReleasesAtEachReturnAndForkJoinInvokeOrderTheTask() {
        ClassNode halves = classNode(TestJars.compileAndRewrite(work, Map.of("app/Halves.java", TASK)), "app.Halves");
        // the covariant compute and javac's bridge compute()Object both: the bridge's events only repeat the real one's
        // entry; the first return; fork; invoke (release, acquire); join; the second return
        assertEquals(List.of("hbAcquire", "hbRelease", "hbRelease", "hbRelease", "hbAcquire", "hbAcquire",
                "hbRelease"), runtimeCalls(method(halves, "compute", "()Ljava/lang/Integer;")));
        assertEquals(List.of("hbAcquire", "hbRelease"), runtimeCalls(method(halves, "compute", "()Ljava/lang/Object;")));
    }
}
