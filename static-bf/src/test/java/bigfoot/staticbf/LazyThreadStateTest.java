package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.RT;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
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
                public int pair(Counter other) {
                    return count + other.count;
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
    void methodsWithAPathFreeOfChecksFetchLazilyOthersAtEntry() {
        Path out = TestJars.compileAndRewrite(work, Map.of("lazy/Counter.java", COUNTER));
        TestJars.assertVerifies(out);
        Map<String, List<String>> fetches = new TreeMap<>();
        for (MethodNode m : classNode(out, "lazy.Counter").methods) {
            for (AbstractInsnNode insn : m.instructions) {
                if (insn instanceof MethodInsnNode call && call.owner.equals("bigfoot/rt/RT") && call.name.equals("thread")) {
                    boolean first = TestJars.previous(call) == null || m.name.equals("<clinit>"); // after registerSites
                    String kind = TestJars.isThreadStateFetch(call) ? "lazy" : first ? "entry" : "unguarded, not at entry";
                    fetches.computeIfAbsent(m.name, k -> new ArrayList<>()).add(kind);
                }
            }
        }
        // maybe and guarded may return without a check or event: their one fetch is guarded by ts == null (the later
        // checks and events of guarded's path only load ts). Every path of the others that returns makes a check or
        // an event: they fetch at entry, and only there. A field check skipped for a null receiver (pair's, and
        // caught's in its handler, which may be reached before the element's check) fetches ts before it tests the
        // receiver, so the paths past it have ts too.
        assertEquals(Map.of("maybe", List.of("lazy"), "guarded", List.of("lazy"), "caught", List.of("entry"),
                "pair", List.of("entry"), "twice", List.of("entry"), "locked", List.of("entry"),
                "<init>", List.of("entry"),
                "<clinit>", List.of("entry")), fetches);
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
