package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.RT;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Rewritten code fetches its thread state ({@code RT.thread()}) only on paths that make a check or an event, once per invocation. */
class LazyThreadStateTest {

    private static final String COUNTER = """
            package lazy;
            public class Counter {
                private static int total;
                private int count;
                private final Object lock = new Object();
                public Counter() { count = 1; total = 1; }
                public int maybe(boolean touch) {
                    if (touch) {
                        return count;
                    }
                    return 0;
                }
                public int twice() {
                    return total + total;
                }
                public synchronized int locked() {
                    return 1;
                }
                public int guarded(boolean enter) {
                    if (enter) {
                        synchronized (lock) {
                            return count;
                        }
                    }
                    return 2;
                }
                public int caught(int[] a, int i) {
                    try {
                        return a[i];
                    } catch (ArrayIndexOutOfBoundsException e) {
                        return count;
                    }
                }
            }
            """;

    @TempDir
    Path work;

    @BeforeEach
    void clearEvents() {
        RT.reset();
    }

    @Test
    void everyFetchIsGuardedByItsNullTestAndOnlyTheFirstOnEachPathRemains() {
        Path out = TestJars.compileAndRewrite(work, Map.of("lazy/Counter.java", COUNTER));
        TestJars.assertVerifies(out);
        Map<String, Integer> fetches = new TreeMap<>();
        for (MethodNode m : classNode(out, "lazy.Counter").methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals("bigfoot/rt/RT") && call.name.equals("thread")) {
                    assertTrue(TestJars.isThreadStateFetch(call), m.name + ": RT.thread() outside a lazy fetch");
                    fetches.merge(m.name, 1, Integer::sum);
                }
            }
        }
        // twice: two checks, the second after the first's fetch on every path; guarded: the acquire fetches, its read
        // and release follow it; locked: the acquire at entry. caught: the handler may be reached from before the
        // array's check. <init>: the check of count is skipped for a null receiver, so total's check fetches again.
        assertEquals(Map.of("<clinit>", 1, "<init>", 2, "maybe", 1, "twice", 1, "locked", 1, "guarded", 1, "caught", 2),
                fetches);
    }

    @Test
    void aPathWithoutChecksOrEventsDoesNotFetchTheThreadState() throws Exception {
        Path out = TestJars.compileAndRewrite(work, Map.of("lazy/Counter.java", COUNTER));
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = loader.loadClass("lazy.Counter");
            Object counter = c.getConstructor().newInstance();
            Method maybe = c.getMethod("maybe", boolean.class);
            Method guarded = c.getMethod("guarded", boolean.class);
            RT.reset();
            for (int i = 0; i < 100; i++) {
                assertEquals(0, maybe.invoke(counter, false));
                assertEquals(2, guarded.invoke(counter, false));
            }
            assertEquals(0, RT.threadFetches(), "no check, no fetch");
            assertTrue(RT.events().isEmpty(), RT.events()::toString);

            assertEquals(1, maybe.invoke(counter, true));
            assertEquals(1, RT.threadFetches(), "the path with a check fetches once");
            assertEquals(List.of("readField"), entries());

            RT.reset();
            assertEquals(2, c.getMethod("twice").invoke(counter));
            assertEquals(1, guarded.invoke(counter, true));
            assertEquals(2, RT.threadFetches(), "one fetch per invocation, however many checks and events it makes");
            assertEquals(List.of("readStatic", "readStatic", "acquire", "readField", "release"), entries());

            RT.reset();
            assertEquals(1, c.getMethod("locked").invoke(counter));
            assertEquals(List.of("acquire", "release"), entries());
            assertEquals(1, RT.threadFetches(), "a synchronized method fetches at its acquire");

            RT.reset();
            Method caught = c.getMethod("caught", int[].class, int.class);
            assertEquals(1, caught.invoke(counter, new int[0], 0), "the handler's check runs with the state fetched before the throw");
            assertEquals(List.of("readArray", "readField"), entries());
            assertEquals(1, RT.threadFetches());
            assertFalse(RT.events().stream().anyMatch(e -> e.thread() != Thread.currentThread()));
        }
    }

    private static List<String> entries() {
        return RT.events().stream().map(RT.Event::entry).toList();
    }
}
