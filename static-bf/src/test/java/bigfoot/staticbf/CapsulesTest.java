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
 * {@code --capsules} (the BigFoot dissertation, chapter 5): a class whose own fields only its instance methods touch,
 * on {@code this}, is a capsule; its own-field accesses get no checks and no shadows of their own: the first of each
 * stretch of a method with no release in it checks the object's capsule location instead; every other class is left
 * as it was, and a capsule list naming it says why.
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
                long divide(long d) {
                    balance = balance / d;
                    return balance;
                }
                String owner() {
                    return owner;
                }
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
    private static final String COPYABLE = """
            package cap;
            public class Copyable implements Cloneable {
                int v;
                void set() { v = 1; }
                public Copyable copy() throws CloneNotSupportedException { return (Copyable) clone(); }
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
        in = TestJars.compileToJar(work, "cap.jar", Map.of("cap.Account", ACCOUNT, "cap.Leaky", LEAKY,
                "cap.OtherInstance", OTHER_INSTANCE, "cap.Outer", OUTER, "cap.Base", BASE, "cap.Derived", DERIVED,
                "cap.Copyable", COPYABLE, "cap.Client", CLIENT));
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
    void onlyTheEncapsulatedClassIsACapsuleAndItsFieldsLoseTheirChecksAndShadows(String mode) {
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
        assertTrue(java.util.stream.StreamSupport.stream(bump.instructions.spliterator(), false)
                .anyMatch(i -> i instanceof org.objectweb.asm.tree.FieldInsnNode f && f.owner.equals("cap/Base")
                        && f.name.equals("__bf$w$$capsule")), "Derived checks Base's location");
        for (String other : List.of("cap.Leaky", "cap.OtherInstance", "cap.Outer")) {
            assertFalse(hasField(classNode(out, other), "__bf$s$$capsule"), other + " is not a capsule");
        }
        assertTrue(TestJars.runtimeCalls(method(classNode(out, "cap.Leaky"), "inc")).contains("writeField"));
    }

    @Test
    void oneCheckPerStretchWithoutARelease() {
        ClassNode account = classNode(rewrite("stretches.jar", "--mode", "fasttrack", "--capsules", "all"), "cap.Account");
        assertEquals(List.of("acquire", "capsuleWrite", "release", "release"), TestJars.runtimeCalls(method(account,
                "deposit")), "balance += v; ops++: one check, before the lock's release (normal and exceptional)");
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(account, "early")));
        assertEquals(List.of("capsuleWrite"), TestJars.runtimeCalls(method(account, "divide")));
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
            java.lang.reflect.Method early = c.getDeclaredMethod("early", long.class);
            early.setAccessible(true);
            assertEquals(-1L, early.invoke(account, -1L));
            assertEquals(7L, early.invoke(account, 7L));
            java.lang.reflect.Method sum = c.getDeclaredMethod("sum", long[].class);
            sum.setAccessible(true);
            assertEquals(13L, sum.invoke(account, new long[] {1, 2, 3}));
            assertEquals(List.of("capsuleWrite", "capsuleRead", "capsuleWrite", "capsuleWrite"),
                    bigfoot.rt.RT.events().stream().map(bigfoot.rt.RT.Event::entry).filter(e -> e.startsWith("capsule"))
                            .toList(), "deposit, balance, early(7), sum (one check for its loop and its return); "
                            + "early(-1) touched no field");
            bigfoot.rt.RT.reset();
            java.lang.reflect.Method withCalls = c.getDeclaredMethod("withCalls", long[].class);
            withCalls.setAccessible(true);
            withCalls.invoke(account, new long[] {1, 2, 3});
            assertEquals(4, bigfoot.rt.RT.events().stream().filter(e -> e.entry().equals("capsuleWrite")).count(),
                    "a call may release: each iteration checks again, and so does the return after the last call");
            bigfoot.rt.RT.reset();
            java.lang.reflect.Method divide = c.getDeclaredMethod("divide", long.class);
            divide.setAccessible(true);
            java.lang.reflect.InvocationTargetException thrown = org.junit.jupiter.api.Assertions.assertThrows(
                    java.lang.reflect.InvocationTargetException.class, () -> divide.invoke(account, 0L));
            assertTrue(thrown.getCause() instanceof ArithmeticException);
            List<String> checks = bigfoot.rt.RT.events().stream().map(bigfoot.rt.RT.Event::entry)
                    .filter(e -> e.startsWith("capsule")).toList();
            assertEquals(List.of("capsuleWrite"), checks, "divide until it throws");
        }
    }

    @Test
    void aListNamingNonCapsulesKeepsTheOthersAndSaysWhyForEach() throws IOException {
        Path list = Files.writeString(work.resolve("caps.txt"), String.join("\n", "# discovered", "cap.Account",
                "cap.Leaky", "cap.OtherInstance", "cap.Outer", "cap.Base", "cap.Copyable", "cap.Gone", "!cap.Client", ""));
        Path out = work.resolve("listed.jar");
        TestJars.Run run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "fasttrack",
                "--capsules", list.toString());
        assertEquals(0, run.exitCode(), run::err);
        assertTrue(hasField(classNode(out, "cap.Account"), "__bf$s$$capsule"));
        String err = run.err();
        assertTrue(err.contains("cap.Leaky is not a capsule: its field count is accessed in cap.Leaky.peek"), err);
        assertTrue(err.contains("cap.OtherInstance is not a capsule: its field n is accessed in "
                + "cap.OtherInstance.copyFrom(Lcap/OtherInstance;)V on another object than this"), err);
        assertTrue(err.contains("cap.Outer is not a capsule: its field secret is accessed in cap.Outer$Inner.get"), err);
        assertFalse(err.contains("cap.Gone"), "a class of another jar is no news: " + err);
        assertTrue(run.out().contains("of 3 capsule classes"), run.out());
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
