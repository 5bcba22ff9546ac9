package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.rt.RT;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A map's key comparisons: the program's {@code equals}, {@code compareTo} and {@code Comparator.compare} tell the
 * runtime what they compare at entry and that they end before each return; a map call that compares keys is bracketed,
 * the end also on the exceptional path; an inserted key is published with its value.
 */
class KeyComparisonTest {

    private static final Map<String, String> SOURCES = Map.of(
            "app/Key.java", """
                    package app;

                    public class Key implements Comparable<Key> {
                        int id;

                        Key(int id) {
                            this.id = id;
                        }

                        @Override
                        public boolean equals(Object o) {
                            if (!(o instanceof Key k)) {
                                return false;
                            }
                            return k.id == id;
                        }

                        @Override
                        public int hashCode() {
                            return id;
                        }

                        @Override
                        public int compareTo(Key other) {
                            return Integer.compare(id, other.id);
                        }
                    }
                    """,
            "app/ById.java", """
                    package app;

                    public class ById implements java.util.Comparator<Key> {
                        @Override
                        public int compare(Key a, Key b) {
                            return Integer.compare(a.id, b.id);
                        }
                    }
                    """,
            "app/Orders.java", """
                    package app;

                    import java.util.Comparator;
                    import java.util.function.IntBinaryOperator;

                    public class Orders {
                        static Comparator<Key> byIdDescending() {
                            return (a, b) -> Integer.compare(b.id, a.id);
                        }

                        static Comparator<Key> byDistanceFrom(long origin) {
                            return (a, b) -> Long.compare(Math.abs(a.id - origin), Math.abs(b.id - origin));
                        }

                        static IntBinaryOperator notAComparator() {
                            return (a, b) -> a - b;
                        }
                    }
                    """,
            "app/Ranked.java", """
                    package app;

                    public class Ranked {
                        int rank;

                        public int compareTo(Ranked other) {
                            return rank - other.rank;
                        }
                    }
                    """,
            "app/Users.java", """
                    package app;

                    import java.util.HashMap;
                    import java.util.Map;
                    import java.util.concurrent.ConcurrentHashMap;

                    public class Users {
                        static String find(Map<Key, String> map, Key key) {
                            return map.get(key);
                        }

                        static void add(ConcurrentHashMap<Key, String> map, Key key) {
                            map.put(key, "v");
                        }

                        static String plain(HashMap<Key, String> map, Key key) {
                            return map.get(key);
                        }

                        public static String failedLookup() {
                            try {
                                return new ConcurrentHashMap<Key, String>().get(null);
                            } catch (NullPointerException expected) {
                                return "none";
                            }
                        }
                    }
                    """);

    @TempDir
    static Path work;
    static Path out;

    @BeforeAll
    static void rewrite() {
        out = TestJars.compileAndRewrite(work, SOURCES);
    }

    @Test
    void comparisonsSayWhatTheyCompareAtEntryAndEndBeforeEachReturn() {
        ClassNode key = classNode(out, "app.Key");
        MethodNode equals = method(key, "equals");
        List<String> calls = runtimeCalls(equals);
        assertEquals("keyComparisonStart", calls.get(0), calls::toString);
        assertEquals(List.of(0, 1), loadsBefore(equals, "keyComparisonStart"));
        assertEquals(2, calls.stream().filter("keyComparisonEnd"::equals).count(), calls::toString);
        // the typed compareTo and its bridge are both comparisons; a comparator compares its two arguments
        assertEquals("keyComparisonStart", runtimeCalls(method(key, "compareTo", "(Lapp/Key;)I")).get(0));
        assertEquals("keyComparisonStart", runtimeCalls(method(key, "compareTo", "(Ljava/lang/Object;)I")).get(0));
        MethodNode compare = method(classNode(out, "app.ById"), "compare", "(Lapp/Key;Lapp/Key;)I");
        assertEquals(List.of(1, 2), loadsBefore(compare, "keyComparisonStart"));
        // a compareTo of a class that is not Comparable, and hashCode, compare nothing
        assertEquals(List.of(), comparisonEvents(method(classNode(out, "app.Ranked"), "compareTo")));
        assertEquals(List.of(), comparisonEvents(method(key, "hashCode")));
    }

    @Test
    void aComparatorLambdasMethodComparesItsLastTwoValues() {
        ClassNode orders = classNode(out, "app.Orders");
        MethodNode descending = lambda(orders, "byIdDescending");
        assertEquals(List.of(0, 1), loadsBefore(descending, "keyComparisonStart"));
        // the captured long comes first and takes two slots
        assertEquals(List.of(2, 3), loadsBefore(lambda(orders, "byDistanceFrom"), "keyComparisonStart"));
        assertEquals(List.of(), comparisonEvents(lambda(orders, "notAComparator")));
    }

    @Test
    void mapCallsThatCompareKeysAreBracketedAndPutPublishesTheKey() {
        ClassNode users = classNode(out, "app.Users");
        MethodNode find = method(users, "find");
        assertEquals(List.of("keyedCallStart", "keyedCallEnd", "keyedCallEnd", "hbReceive"), keyedEvents(find));
        assertTrue(find.tryCatchBlocks.stream().anyMatch(t -> t.type == null), "the exceptional end needs a handler");
        assertEquals(List.of("hbPublishKey", "hbPublish", "keyedCallStart", "keyedCallEnd", "keyedCallEnd"),
                keyedEvents(method(users, "add")));
        // HashMap is no concurrent collection: its calls are not modelled
        assertEquals(List.of(), keyedEvents(method(users, "plain")));
    }

    @Test
    void aMapCallThatThrowsStillEndsItsBracket() throws Exception {
        try (URLClassLoader loader = TestJars.loader(out)) {
            RT.reset();
            assertEquals("none", loader.loadClass("app.Users").getMethod("failedLookup").invoke(null));
            List<String> events = RT.events().stream().map(RT.Event::entry).filter(e -> e.startsWith("keyed")).toList();
            assertEquals(List.of("keyedCallStart", "keyedCallEnd"), events);
        }
    }

    /** The local slots loaded by the two instructions before the thread state pushed for the first {@code entry} call. */
    private static List<Integer> loadsBefore(MethodNode m, String entry) {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals(entry)) {
                AbstractInsnNode ts = TestJars.threadStatePush(TestJars.previous(call));
                VarInsnNode b = (VarInsnNode) TestJars.previous(ts);
                VarInsnNode a = (VarInsnNode) TestJars.previous(b);
                assertEquals(Opcodes.ALOAD, a.getOpcode());
                return List.of(a.var, b.var);
            }
        }
        throw new AssertionError("no call of " + entry + " in " + m.name);
    }

    /** The method javac made for the lambda written in method {@code in}. */
    private static MethodNode lambda(ClassNode c, String in) {
        return c.methods.stream().filter(m -> m.name.startsWith("lambda$" + in + "$")).findFirst()
                .orElseThrow(() -> new AssertionError("no lambda in " + in));
    }

    private static List<String> comparisonEvents(MethodNode m) {
        return runtimeCalls(m).stream().filter(c -> c.startsWith("keyComparison")).toList();
    }

    private static List<String> keyedEvents(MethodNode m) {
        return runtimeCalls(m).stream().filter(c -> c.startsWith("keyed") || c.startsWith("hb")).toList();
    }
}
