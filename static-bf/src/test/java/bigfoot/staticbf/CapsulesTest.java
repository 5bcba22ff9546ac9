package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * {@code --capsules} (the BigFoot dissertation, chapter 5): a class whose own fields no class of another package
 * touches may be a capsule; its own fields get no shadows of their own but one capsule location per object. An
 * activation's accesses (on {@code this}, in its methods or a subclass's) get no checks: the first of each stretch
 * of a method with no release in it checks the location instead; any other access is checked as a field is, on its
 * object's location. Every other class is left as it was, and a capsule list naming it says why.
 */
class CapsulesTest {

    private static final String ACCOUNT = """
            package cap;
            public class Account {
                private long balance;
                private int ops;
                private final String owner;
                public Account(String owner) {
                    this.owner = owner;
                    balance = 0;
                }
                public synchronized void deposit(long v) {
                    balance += v;
                    ops++;
                }
                public synchronized long balance() {
                    return balance;
                }
                boolean idle() {
                    return quiet();
                }
                private boolean quiet() {
                    return ops == 0;
                }
                long early(long v) {
                    if (v < 0) {
                        return -1;
                    }
                    balance = v;
                    return v;
                }
                long sum(long[] values) {
                    for (long v : values) {
                        balance += v;
                    }
                    return balance;
                }
                long withCalls(long[] values) {
                    for (long v : values) {
                        balance += v;
                        Math.abs(v);
                    }
                    return balance;
                }
                long withLocking(long[] values) {
                    for (long v : values) {
                        balance += v;
                        tick();
                    }
                    return balance;
                }
                private static synchronized void tick() {
                }
                long recover() {
                    balance = 1;
                    try {
                        tick();
                    } catch (RuntimeException e) {
                        ops = 2;
                    }
                    return 0;
                }
                long afterInit() {
                    balance = 1;
                    ops = Limits.max;
                    return balance;
                }
                long divide(long d) {
                    balance = balance / d;
                    return balance;
                }
                String owner() {
                    return owner;
                }
            }
            """;
    private static final String LIMITS = """
            package cap;
            class Limits {
                static int max = 3;
            }
            """;
    private static final String BUFFER = """
            package cap;
            public class Buffer {
                private char[] chars = new char[2];
                private final int[] counts = new int[1];
                private int size;
                private byte[] shared = new byte[2];
                void add(char c) {
                    if (size == chars.length) {
                        char[] bigger = new char[size * 2];
                        System.arraycopy(chars, 0, bigger, 0, size);
                        chars = bigger;
                    }
                    chars[size++] = c;
                    counts[0]++;
                }
                char get(int i) { return chars[i]; }
                int count() { return counts[0]; }
                byte[] shared() { return shared; }
                void touch() { shared[0] = 1; }
            }
            """;
    /** h2's {@code ObjectArray}, in small: a private producer, another list's elements, a static copy helper. */
    private static final String POOL = """
            package cap;
            public class Pool {
                private Object[] data;
                private int size;
                public Pool() { data = createArray(2); }
                private Object[] createArray(int n) { return new Object[n > 1 ? n : 1]; }
                void add(Object o) {
                    if (size == data.length) {
                        Object[] bigger = createArray(size * 2);
                        System.arraycopy(data, 0, bigger, 0, size);
                        data = bigger;
                    }
                    data[size++] = o;
                }
                Object get(int i) { return data[i]; }
                void addAll(Pool other) {
                    for (int i = 0; i < other.size; i++) {
                        add(other.data[i]);
                    }
                }
                Object[] toArray(Object[] into) {
                    Copies.copy(data, into, size);
                    return into;
                }
                static final class Peek {
                    static Object first(Pool p) { return p.data[0]; }
                }
            }
            """;
    private static final String COPIES = """
            package cap;
            final class Copies {
                static void copy(Object[] from, Object[] to, int n) {
                    if (n > 8) {
                        System.arraycopy(from, 0, to, 0, n);
                    } else {
                        for (int i = 0; i < n; i++) {
                            to[i] = from[i];
                        }
                    }
                }
                static void clear(Object[] a) {
                    for (int i = 0; i < a.length; i++) {
                        a[i] = null;
                    }
                }
                static synchronized void copyLocked(Object[] from, Object[] to) { to[0] = from[0]; }
                static void copySorted(Object[] from, Object[] to) {
                    System.arraycopy(from, 0, to, 0, from.length);
                    java.util.Arrays.sort(to); // compareTo may run anything
                }
            }
            """;
    /**
     * One array field per way of losing {@code Pool}'s protection: an overridable producer, a filler that writes it, one
     * with a lock, one that sorts objects (their {@code compareTo} may release), another object's field read after a
     * call, written, and copied after a call.
     */
    private static final String POOL_VARIANTS = """
            package cap;
            public class PoolVariants {
                private Object[] made = make(2);
                private Object[] cleared = new Object[2];
                private Object[] locked = new Object[2];
                private Object[] readLate = new Object[2];
                private Object[] poked = new Object[2];
                private Object[] sortedCopy = new Object[2];
                private Object[] copiedLate = new Object[2];
                Object[] make(int n) { return new Object[n]; }
                Object made() { return made[0]; }
                Object cleared() { Copies.clear(cleared); return cleared[0]; }
                Object locked(Object[] into) { Copies.copyLocked(locked, into); return locked[0]; }
                Object readLate(PoolVariants v) { Object[] d = v.readLate; Thread.yield(); return d[0] != readLate[0]; }
                Object poked(PoolVariants v) { v.poked[0] = this; return poked[0]; }
                Object sortedCopy(Object[] into) { Copies.copySorted(sortedCopy, into); return sortedCopy[0]; }
                Object copiedLate(PoolVariants v, Object[] into) {
                    Object[] d = v.copiedLate;
                    Thread.yield();
                    System.arraycopy(d, 0, into, 0, 1);
                    return copiedLate[0];
                }
            }
            """;
    /** Its protected array is written only by {@code System.arraycopy}. */
    private static final String FILLED = """
            package cap;
            public class Filled {
                private Object[] data = new Object[4];
                void setAll(Object[] from) { System.arraycopy(from, 0, data, 0, 4); }
                Object get(int i) { return data[i]; }
            }
            """;
    /** Cloneable, but its copies are made by a constructor that copies the array (xalan's {@code IntVector}). */
    private static final String DEEP_COPY_BUFFER = """
            package cap;
            public class DeepCopyBuffer implements Cloneable {
                private int[] data = new int[1];
                public DeepCopyBuffer() { }
                DeepCopyBuffer(DeepCopyBuffer from) {
                    data = new int[from.data.length];
                    System.arraycopy(from.data, 0, data, 0, data.length);
                }
                void set() { data[0] = 1; }
                public Object clone() { return new DeepCopyBuffer(this); }
            }
            """;
    /** Its own clone() calls super.clone(), which is the deep copy above. */
    private static final String DEEP_COPY_STACK = """
            package cap;
            public class DeepCopyStack extends DeepCopyBuffer {
                public Object clone() { return super.clone(); }
            }
            """;
    private static final String COPYABLE_BUFFER = """
            package cap;
            public class CopyableBuffer implements Cloneable {
                int[] data = new int[1];
                void set() { data[0] = 1; }
                public CopyableBuffer copy() throws CloneNotSupportedException { return (CopyableBuffer) clone(); }
            }
            """;
    private static final String LEAKY = """
            package cap;
            public class Leaky {
                int count;
                void inc() { count++; }
                static int peek(Leaky l) { return l.count; }
            }
            """;
    private static final String OTHER_INSTANCE = """
            package cap;
            public class OtherInstance {
                int n;
                void copyFrom(OtherInstance other) { n = other.n; }
            }
            """;
    private static final String OUTER = """
            package cap;
            public class Outer {
                private int secret;
                void set() { secret = 1; }
                class Inner { int get() { return secret; } }
            }
            """;
    private static final String BASE = """
            package cap;
            public class Base {
                protected int x;
                void set() { x = 1; }
            }
            """;
    private static final String DERIVED = """
            package cap;
            public class Derived extends Base {
                void bump() { x++; }
            }
            """;
    private static final String DERIVED_CAPSULE = """
            package cap;
            public class DerivedCapsule extends Base {
                int y;
                void both() { x++; y++; }
                static int peekX(DerivedCapsule d) { return d.x; }
            }
            """;
    private static final String OPEN = """
            package cap;
            public class Open {
                public int count;
                void inc() { count++; }
            }
            """;
    private static final String PEER = """
            package cap.other;
            public class Peer {
                public int peek(cap.Open o) { return o.count; }
            }
            """;
    private static final String LEVELLED = """
            package cap;
            public class Levelled {
                protected int level;
                void raise() { level++; }
            }
            """;
    private static final String FAR_SUBCLASS = """
            package cap.other;
            public class FarSubclass extends cap.Levelled {
                public int levelOf(FarSubclass other) { return other.level; }
            }
            """;
    private static final String HIDDEN = """
            package cap;
            abstract class Hidden {
                protected int state;
            }
            """;
    private static final String SHOWN = """
            package cap;
            public abstract class Shown extends Hidden {
            }
            """;
    private static final String FAR_SHOWN = """
            package cap.other;
            public class FarShown extends cap.Shown {
                public int next() { return ++state; }
            }
            """;
    private static final String COPYABLE = """
            package cap;
            public class Copyable implements Cloneable {
                int v;
                void set() { v = 1; }
                public Copyable copy() throws CloneNotSupportedException { return (Copyable) clone(); }
            }
            """;
    private static final String NESTED = """
            package cap;
            public class Nested {
                private int a;
                private int b;
                private volatile int flag;
                void bump() { a++; grow(); }
                void grow() { b++; }
                int total() { return a + part(); }
                private int part() { return b; }
                int readThenGrow() { int x = a; grow(); return x; }
                void afterRelease() { a++; flag = 1; grow(); }
                void other(Nested n) { a++; n.grow(); }
                int callFirst() { return part() + a; }
            }
            """;
    private static final String CLIENT = """
            package cap;
            public class Client {
                long use(Account a) {
                    a.deposit(1);
                    return a.balance();
                }
            }
            """;

    @TempDir
    static Path work;
    static Path in;

    @BeforeAll
    static void compile() {
        in = TestJars.compileToJar(work, "cap.jar", Map.ofEntries(
                Map.entry("cap.Account", ACCOUNT), Map.entry("cap.Limits", LIMITS), Map.entry("cap.Buffer", BUFFER),
                Map.entry("cap.CopyableBuffer", COPYABLE_BUFFER), Map.entry("cap.Leaky", LEAKY),
                Map.entry("cap.OtherInstance", OTHER_INSTANCE), Map.entry("cap.Outer", OUTER),
                Map.entry("cap.Base", BASE), Map.entry("cap.Derived", DERIVED), Map.entry("cap.Copyable", COPYABLE),
                Map.entry("cap.Client", CLIENT), Map.entry("cap.DerivedCapsule", DERIVED_CAPSULE),
                Map.entry("cap.Open", OPEN), Map.entry("cap.other.Peer", PEER), Map.entry("cap.Levelled", LEVELLED),
                Map.entry("cap.other.FarSubclass", FAR_SUBCLASS), Map.entry("cap.Hidden", HIDDEN),
                Map.entry("cap.Shown", SHOWN), Map.entry("cap.other.FarShown", FAR_SHOWN),
                Map.entry("cap.Nested", NESTED), Map.entry("cap.Pool", POOL), Map.entry("cap.Copies", COPIES),
                Map.entry("cap.PoolVariants", POOL_VARIANTS), Map.entry("cap.DeepCopyBuffer", DEEP_COPY_BUFFER),
                Map.entry("cap.DeepCopyStack", DEEP_COPY_STACK), Map.entry("cap.Filled", FILLED)));
    }

    private static Path rewrite(String name, String... options) {
        Path out = work.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of("--in", in.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        TestJars.Run run = TestJars.staticbf(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run::err);
        return out;
    }

    private static boolean hasField(ClassNode c, String name) {
        return c.fields.stream().map((FieldNode f) -> f.name).anyMatch(name::equals);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void capsulesFieldsLoseTheirChecksAndShadows(String mode) {
        Path out = rewrite("all-" + mode + ".jar", "--mode", mode, "--capsules", "all");
        ClassNode account = classNode(out, "cap.Account");
        assertTrue(hasField(account, "__bf$s$$capsule") && hasField(account, "__bf$w$$capsule")
                && hasField(account, "__bf$u$$capsule"), "the capsule location's shadow members");
        assertFalse(hasField(account, "__bf$w$balance") || hasField(account, "__bf$s$ops"), "no field shadows");
        for (String m : List.of("deposit", "balance", "quiet", "early", "sum", "<init>")) {
            List<String> calls = TestJars.runtimeCalls(method(account, m));
            assertTrue(calls.stream().noneMatch(c -> c.endsWith("Field") || c.endsWith("Fresh") || c.endsWith("Foreign")),
                    m + ": " + calls);
            assertTrue(calls.contains(m.equals("balance") || m.equals("quiet") ? "capsuleRead" : "capsuleWrite"),
                    m + ": " + calls);
        }
        assertEquals(List.of(), TestJars.runtimeCalls(method(account, "idle")), "touches no field: no capsule check");
        assertTrue(hasField(classNode(out, "cap.Copyable"), "__bf$s$$capsule"), "a clone copies the location's words");
        assertTrue(hasField(classNode(out, "cap.Base"), "__bf$s$$capsule"), "a subclass's methods are its activations");
        MethodNode bump = method(classNode(out, "cap.Derived"), "bump");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(bump));
        assertTrue(readsWord(bump, "cap/Base", "__bf$w$$capsule"), "Derived checks Base's location");
        assertFalse(hasField(classNode(out, "cap.Open"), "__bf$s$$capsule"), "touched from another package");
        assertTrue(hasField(classNode(out, "cap.Levelled"), "__bf$s$$capsule"), "but by a subclass: a protected field");
        assertFalse(hasField(classNode(out, "cap.Hidden"), "__bf$s$$capsule"), "not public: a far subclass cannot name it");
        assertTrue(TestJars.runtimeCalls(method(classNode(out, "cap.Open"), "inc")).contains("writeField"));
        // another object's own field: a field check, on that object's capsule location, named through its class
        assertEquals(List.of("readField"), TestJars.runtimeCalls(method(classNode(out, "cap.Leaky"), "peek")));
        assertTrue(readsWord(method(classNode(out, "cap.Leaky"), "peek"), "cap/Leaky", "__bf$r$$capsule"));
        assertEquals(List.of("capsuleWrite", "readField"), TestJars.runtimeCalls(method(classNode(out,
                "cap.OtherInstance"), "copyFrom")).stream().sorted().toList(), "n = other.n");
        MethodNode get = method(classNode(out, "cap.Outer$Inner"), "get");
        assertEquals(List.of("readField"), TestJars.runtimeCalls(get), "the inner class reads its outer object's field");
        assertTrue(readsWord(get, "cap/Outer", "__bf$r$$capsule"));
        MethodNode peekX = method(classNode(out, "cap.DerivedCapsule"), "peekX");
        assertTrue(readsWord(peekX, "cap/Base", "__bf$r$$capsule") && !readsWord(peekX, "cap/DerivedCapsule",
                "__bf$r$$capsule"), "d.x is Base's field: Base's location, not the subclass capsule's");
    }

    /** The declared method {@code name} of {@code c}, made callable from the test. */
    private static java.lang.reflect.Method accessible(Class<?> c, String name, Class<?>... parameters)
            throws NoSuchMethodException {
        java.lang.reflect.Method m = c.getDeclaredMethod(name, parameters);
        m.setAccessible(true);
        return m;
    }

    private static boolean readsWord(MethodNode m, String owner, String name) {
        return java.util.stream.StreamSupport.stream(m.instructions.spliterator(), false)
                .anyMatch(i -> i instanceof org.objectweb.asm.tree.FieldInsnNode f && f.owner.equals(owner)
                        && f.name.equals(name));
    }

    @Test
    void oneCheckPerStretchWithoutARelease() {
        ClassNode account = classNode(rewrite("stretches.jar", "--mode", "fasttrack", "--capsules", "all"), "cap.Account");
        assertEquals(List.of("acquire", "capsuleWrite", "release", "release"), TestJars.runtimeCalls(method(account,
                "deposit")), "balance += v; ops++: one check, before the lock's release (normal and exceptional)");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(account, "early")));
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(account, "divide")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void protectedArraysJoinTheCapsuleChecksAndALeakedOneKeepsItsOwn(String mode) throws Exception {
        Path out = rewrite("arrays-" + mode + ".jar", "--mode", mode, "--capsules", "all");
        ClassNode buffer = classNode(out, "cap.Buffer");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(buffer, "add")).stream().distinct().toList(),
                "chars, only ever a fresh array, and counts: no element checks");
        assertEquals(List.of("capsuleRead"), TestJars.runtimeCalls(method(buffer, "get")));
        assertEquals(List.of("capsuleRead"), TestJars.runtimeCalls(method(buffer, "count")));
        assertTrue(TestJars.runtimeCalls(method(buffer, "touch")).contains("writeArray"), "shared leaves through a getter");
        assertTrue(TestJars.runtimeCalls(method(classNode(out, "cap.CopyableBuffer"), "set")).contains("writeArray"),
                "a clone would share the array");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(classNode(out, "cap.DeepCopyBuffer"), "set")),
                "Cloneable, but every clone() it or its subclass runs copies the array");
        try (java.net.URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("cap.Buffer", true, loader);
            Object b = c.getConstructor().newInstance();
            java.lang.reflect.Method add = accessible(c, "add", char.class);
            java.lang.reflect.Method get = accessible(c, "get", int.class);
            bigfoot.rt.RT.reset();
            for (char ch : "hello".toCharArray()) {
                add.invoke(b, ch);
            }
            assertEquals('o', get.invoke(b, 4), "the buffer grew twice");
            assertEquals(6, bigfoot.rt.RT.events().stream()
                    .filter(e -> e.entry().startsWith("capsule") && e.subject() == b).count(), "one check per call of "
                    + "add and get, on the buffer's own location; with no analysis to say that arraycopy cannot "
                    + "release, the thread's epoch says it did not");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void anArrayMadeByAPrivateHelperReadFromAnotherListAndCopiedByAStaticHelperStaysProtected(String mode)
            throws Exception {
        Path out = rewrite("pool-" + mode + ".jar", "--mode", mode, "--capsules", "all");
        ClassNode pool = classNode(out, "cap.Pool");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(pool, "add")).stream().distinct().toList(),
                "createArray's arrays, grown by arraycopy: no element checks");
        assertEquals(List.of("capsuleRead"), TestJars.runtimeCalls(method(pool, "get")));
        assertEquals(List.of("capsuleRead", "initialize", "capsuleRead"), TestJars.runtimeCalls(method(pool, "toArray")),
                "before data is read, and before the copy helper, once its class is initialised");
        List<String> addAll = TestJars.runtimeCalls(method(pool, "addAll"));
        assertTrue(addAll.contains("readField"), "the other list's location, checked at its getfields: " + addAll);
        List<String> peek = TestJars.runtimeCalls(method(classNode(out, "cap.Pool$Peek"), "first"));
        assertTrue(peek.contains("readField"), "another class reading a list's element: its location " + peek);
        if (mode.equals("bigfoot")) {
            assertFalse(addAll.contains("readArray"), "the other list's element reads, right after: " + addAll);
            assertFalse(peek.contains("readArray"), peek.toString());
        }
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(classNode(out, "cap.Filled"), "setAll"))
                .stream().filter(c -> c.startsWith("capsule")).distinct().toList(),
                "arraycopy writes the protected array: write checks (at the field's read and, guarded, at the copy)");
        ClassNode variants = classNode(out, "cap.PoolVariants");
        for (String m : List.of("made", "cleared", "locked", "readLate", "poked", "sortedCopy", "copiedLate")) {
            assertTrue(TestJars.runtimeCalls(method(variants, m)).contains("readArray"), m + " is not protected");
        }
        try (java.net.URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("cap.Pool", true, loader);
            Object a = c.getConstructor().newInstance();
            Object b = c.getConstructor().newInstance();
            java.lang.reflect.Method add = accessible(c, "add", Object.class);
            for (int i = 0; i < 5; i++) {
                add.invoke(a, i);
            }
            bigfoot.rt.RT.reset();
            accessible(c, "addAll", c).invoke(b, a);
            Object[] copy = (Object[]) accessible(c, "toArray", Object[].class).invoke(b, (Object) new Object[5]);
            assertEquals(List.of(0, 1, 2, 3, 4), List.of(copy));
            List<bigfoot.rt.RT.Event> events = bigfoot.rt.RT.events();
            Class<?> copies = Class.forName("cap.Copies", false, loader);
            int initialised = events.indexOf(events.stream().filter(e -> e.entry().equals("classInitialized")
                    && e.subject() == copies).findFirst().orElseThrow());
            int lastCheckOfB = -1;
            int firstCopy = -1;
            for (int i = 0; i < events.size(); i++) {
                if (events.get(i).entry().startsWith("capsule") && events.get(i).subject() == b) {
                    lastCheckOfB = i;
                } else if (firstCopy < 0 && events.get(i).entry().contains("Array") && i > initialised) {
                    firstCopy = i;
                }
            }
            assertTrue(initialised < lastCheckOfB && lastCheckOfB < firstCopy, "the helper's class initialised (a "
                    + "release), then b checked in the new epoch, then the helper's reads: " + events);
        }
    }

    @Test
    void theMetadataSortsTheAccessSitesByWhatCoversThem() throws IOException {
        Path buffer = TestJars.compileToJar(work, "buffer.jar", Map.of("cap.Buffer", BUFFER));
        Path out = work.resolve("buffer-checked.jar");
        TestJars.Run run = TestJars.staticbf("--in", buffer.toString(), "--out", out.toString(), "--capsules", "all");
        assertEquals(0, run.exitCode(), run::err);
        java.util.Properties metadata = new java.util.Properties();
        metadata.load(new java.io.ByteArrayInputStream(TestJars.readJar(out).get("META-INF/bigfoot/instrumented.properties")));
        assertEquals("5", metadata.getProperty("sites.array.protected"), "chars[size++], counts[0]++, chars[i], counts[0]");
        assertEquals("1", metadata.getProperty("sites.array.placed"), "shared[0] = 1");
        assertEquals("0", metadata.getProperty("sites.field.placed"), "every field access is an activation's");
        assertEquals("0", metadata.getProperty("sites.field.capsule-location"));
        assertTrue(Integer.parseInt(metadata.getProperty("sites.field.capsule")) >= 6, metadata.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void aHandlerAfterACallThatMayReleaseChecksAgain(String mode) {
        ClassNode account = classNode(rewrite("handler-" + mode + ".jar", "--mode", mode, "--capsules", "all"),
                "cap.Account");
        assertEquals(2, TestJars.runtimeCalls(method(account, "recover")).stream().filter("capsuleWrite"::equals)
                .count(), "tick() may release and then throw: ops = 2 in its handler is in another epoch");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void aClassInitialisationEndsTheStretch(String mode) {
        ClassNode account = classNode(rewrite("init-" + mode + ".jar", "--mode", mode, "--capsules", "all"), "cap.Account");
        assertEquals(2, TestJars.runtimeCalls(method(account, "afterInit")).stream().filter("capsuleWrite"::equals)
                .count(), "reading Limits.max may run its <clinit>, which releases: ops = ... checks again");
    }

    @Test
    void everyCapsuleCheckUsesTheObjectsOwnLocation() throws Exception {
        Path out = rewrite("run.jar", "--mode", "bigfoot", "--capsules", "all");
        try (java.net.URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("cap.Account", true, loader);
            Object account = c.getConstructor(String.class).newInstance("ann");
            bigfoot.rt.RT.reset();
            c.getMethod("deposit", long.class).invoke(account, 5L);
            assertEquals(5L, c.getMethod("balance").invoke(account));
            java.lang.reflect.Method early = accessible(c, "early", long.class);
            assertEquals(-1L, early.invoke(account, -1L));
            assertEquals(7L, early.invoke(account, 7L));
            java.lang.reflect.Method sum = accessible(c, "sum", long[].class);
            assertEquals(13L, sum.invoke(account, new long[] {1, 2, 3}));
            assertEquals(List.of("capsuleWrite", "capsuleRead", "capsuleWrite", "capsuleWrite"),
                    bigfoot.rt.RT.events().stream().map(bigfoot.rt.RT.Event::entry).filter(e -> e.startsWith("capsule"))
                            .toList(), "deposit, balance, early(7), sum (one check for its loop and its return); "
                            + "early(-1) touched no field");
            bigfoot.rt.RT.reset();
            java.lang.reflect.Method withCalls = accessible(c, "withCalls", long[].class);
            withCalls.invoke(account, new long[] {1, 2, 3});
            assertEquals(1, bigfoot.rt.RT.events().stream().filter(e -> e.entry().equals("capsuleWrite")).count(),
                    "Math.abs cannot release (its kill set): the stretch goes on past it");
            bigfoot.rt.RT.reset();
            java.lang.reflect.Method withLocking = accessible(c, "withLocking", long[].class);
            withLocking.invoke(account, new long[] {1, 2, 3});
            assertEquals(4, bigfoot.rt.RT.events().stream().filter(e -> e.entry().equals("capsuleWrite")).count(),
                    "a synchronized call releases: each iteration checks again, and so does the return after the last");
            bigfoot.rt.RT.reset();
            java.lang.reflect.Method divide = accessible(c, "divide", long.class);
            java.lang.reflect.InvocationTargetException thrown = org.junit.jupiter.api.Assertions.assertThrows(
                    java.lang.reflect.InvocationTargetException.class, () -> divide.invoke(account, 0L));
            assertTrue(thrown.getCause() instanceof ArithmeticException);
            List<String> checks = bigfoot.rt.RT.events().stream().map(bigfoot.rt.RT.Event::entry)
                    .filter(e -> e.startsWith("capsule")).toList();
            assertEquals(List.of("capsuleWrite"), checks, "divide until it throws");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void checksOfOtherObjectsUseTheirLocations(String mode) throws Exception {
        Path out = rewrite("others-" + mode + ".jar", "--mode", mode, "--capsules", "all");
        try (java.net.URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("cap.OtherInstance", true, loader);
            Object a = c.getConstructor().newInstance();
            Object b = c.getConstructor().newInstance();
            java.lang.reflect.Method copy = accessible(c, "copyFrom", c);
            Class<?> d = Class.forName("cap.DerivedCapsule", true, loader);
            Object derived = d.getConstructor().newInstance();
            java.lang.reflect.Method both = accessible(d, "both");
            java.lang.reflect.Method peekX = accessible(d, "peekX", d);
            bigfoot.rt.RT.reset();
            copy.invoke(a, b); // the test runtime fails a check passed words of another location than the object's
            both.invoke(derived);
            assertEquals(1, peekX.invoke(null, derived));
            Class<?> far = Class.forName("cap.other.FarSubclass", true, loader); // verifies: protected members
            Object f = far.getConstructor().newInstance();
            assertEquals(0, far.getMethod("levelOf", far).invoke(f, f));
            assertEquals(java.util.stream.Stream.of("readField:" + b.hashCode(), "capsuleWrite:" + a.hashCode(),
                    "capsuleWrite:" + derived.hashCode(), "capsuleWrite:" + derived.hashCode(),
                    "readField:" + derived.hashCode(), "readField:" + f.hashCode()).sorted().toList(),
                    bigfoot.rt.RT.events().stream()
                    .filter(e -> e.entry().endsWith("Field") || e.entry().startsWith("capsule"))
                    .map(e -> e.entry() + ":" + e.subject().hashCode()).sorted().toList(),
                    "other.n, this.n; Base's and DerivedCapsule's locations of derived; d.x; a subclass in another "
                            + "package reads another instance's protected field");
            Class<?> farShown = Class.forName("cap.other.FarShown", true, loader);
            assertEquals(1, farShown.getMethod("next").invoke(farShown.getConstructor().newInstance()),
                    "Hidden is no capsule: another package cannot name it");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fasttrack", "bigfoot"})
    void aNestedActivationOnThisInTheSameEpochMakesNoCheckOfItsOwn(String mode) throws Exception {
        Path out = rewrite("nested-" + mode + ".jar", "--mode", mode, "--capsules", "all");
        try (java.net.URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("cap.Nested", true, loader);
            assertEquals(List.of("capsuleWrite"), capsuleChecks(c, "bump"), "a++ checked; grow() is handed that check");
            assertEquals(List.of("capsuleRead"), capsuleChecks(c, "total"), "a read check stands for part()'s read");
            assertEquals(List.of("capsuleRead", "capsuleWrite"), capsuleChecks(c, "readThenGrow"),
                    "a read check cannot stand for grow()'s write");
            assertEquals(List.of("capsuleWrite", "capsuleWrite"), capsuleChecks(c, "afterRelease"),
                    "the volatile write released: grow() is in another epoch");
            assertEquals(List.of("capsuleRead", "capsuleRead"), capsuleChecks(c, "callFirst"),
                    "part() runs before the caller's first check: nothing to hand on");
            Object a = c.getConstructor().newInstance();
            Object n = c.getConstructor().newInstance();
            bigfoot.rt.RT.reset();
            accessible(c, "other", c).invoke(a, n);
            assertEquals(List.of("capsuleWrite:" + a.hashCode(), "capsuleWrite:" + n.hashCode()),
                    bigfoot.rt.RT.events().stream().filter(e -> e.entry().startsWith("capsule"))
                            .map(e -> e.entry() + ":" + e.subject().hashCode()).toList(),
                    "n.grow() is another object's activation: checked on its own location");
        }
    }

    /** The capsule checks that {@code method} of a new instance of {@code c} makes, in order. */
    private static List<String> capsuleChecks(Class<?> c, String method) throws Exception {
        Object o = c.getConstructor().newInstance();
        bigfoot.rt.RT.reset();
        accessible(c, method).invoke(o);
        return bigfoot.rt.RT.events().stream().filter(e -> e.entry().startsWith("capsule") && e.subject() == o)
                .map(bigfoot.rt.RT.Event::entry).toList();
    }

    @Test
    void aListNamingNonCapsulesKeepsTheOthersAndSaysWhyForEach() throws IOException {
        Path list = Files.writeString(work.resolve("caps.txt"), String.join("\n", "# discovered", "cap.Account",
                "cap.Leaky", "cap.Open", "cap.Base", "cap.Copyable", "cap.Gone", "!cap.Client", ""));
        Path out = work.resolve("listed.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack",
                "--capsules", list.toString());
        assertEquals(0, run.exitCode(), run::err);
        assertTrue(hasField(classNode(out, "cap.Account"), "__bf$s$$capsule"));
        assertFalse(hasField(classNode(out, "cap.OtherInstance"), "__bf$s$$capsule"), "not listed");
        String err = run.err();
        assertTrue(err.contains("cap.Open is not a capsule: its field count is accessed in "
                + "cap.other.Peer.peek(Lcap/Open;)I, in another package"), err);
        assertFalse(err.contains("cap.Gone"), "a class of another jar is no news: " + err);
        assertTrue(run.out().contains("of 4 capsule classes"), run.out());
    }

    @Test
    void aListOfAnotherJarsClassesIsOneWarning() throws IOException {
        Path list = Files.writeString(work.resolve("other.txt"), "other.A\nother.B\n");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", work.resolve("other.jar").toString(),
                "--mode", "fasttrack", "--capsules", list.toString());
        assertEquals(0, run.exitCode(), run::err);
        assertEquals(List.of("staticbf: warning: capsules: none of the 2 class(es) of " + list + " is a class of the "
                + "input with own instance fields"), run.errLines());
    }

    @Test
    void anUnreadableListIsOneLineAndNoOutput() {
        Path out = work.resolve("never.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--capsules",
                work.resolve("missing.txt").toString());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().contains("cannot read the capsule list"), run.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void withoutCapsulesNothingChanges() {
        ClassNode account = classNode(rewrite("none.jar", "--mode", "fasttrack"), "cap.Account");
        assertFalse(hasField(account, "__bf$s$$capsule"));
        assertTrue(TestJars.runtimeCalls(method(account, "deposit")).contains("writeField"));
    }
}
