package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.rt.RT;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.ClassNode;

/** Field, static, volatile and array accesses: which checks and events are emitted, with which sites. */
class FieldAndArrayChecksTest {

    static final String ACCOUNT = """
            package app;

            public class Account {
                int balance;
                static int count;
                volatile boolean open;
                static volatile int generation;
                final int id;
                long[] history = new long[8];
                Object[] tags = new Object[2];

                public Account(int id) {
                    this.id = id;
                }

                public int deposit(int amount) {
                    balance = balance + amount;
                    count++;
                    history[0] = amount;
                    tags[1] = tags[0];
                    open = true;
                    generation = generation + 1;
                    return id + (open ? 1 : 0);
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void everyAccessGetsItsCheckOrEventInCodeOrder() {
        Path out = TestJars.compileAndRewrite(work, Map.of("app/Account.java", ACCOUNT));
        ClassNode account = classNode(out, "app.Account");
        assertEquals(List.of("readField", "writeField", "readStatic", "writeStatic", "readField",
                "writeArray", "readField", "readField", "readArray", "writeArray", "volatileWriteField",
                "volatileReadStatic", "volatileWriteStatic", "volatileReadField"),
                runtimeCalls(method(account, "deposit")));
        TestJars.assertVerifies(out);
    }

    @Test
    void shadowFieldsMirrorEachNonFinalField() {
        Path out = TestJars.compileAndRewrite(work, Map.of("app/Account.java", ACCOUNT));
        ClassNode account = classNode(out, "app.Account");
        Map<String, Integer> access = new java.util.HashMap<>();
        account.fields.forEach(f -> access.put(f.name + ":" + f.desc, f.access));
        int syn = 0x1000;
        assertEquals(Modifier.PRIVATE | Modifier.STATIC | Modifier.FINAL | syn, access.get("__bf$sb:I"));
        assertEquals(Modifier.VOLATILE | Modifier.TRANSIENT | syn, access.get("__bf$s$balance:Lbigfoot/rt/VarState;"));
        assertEquals(Modifier.VOLATILE | Modifier.TRANSIENT | syn, access.get("__bf$w$balance:J"));
        assertEquals(Modifier.VOLATILE | Modifier.TRANSIENT | syn, access.get("__bf$r$balance:J"));
        assertEquals(Modifier.STATIC | Modifier.FINAL | syn, access.get("__bf$u$balance:Lbigfoot/rt/FieldShadow;"));
        assertEquals(Modifier.STATIC | Modifier.FINAL | syn, access.get("__bf$s$count:Lbigfoot/rt/VarState;"));
        assertTrue(access.containsKey("__bf$s$open:Lbigfoot/rt/VarState;"), "volatile fields are shadowed too");
        assertTrue(access.keySet().stream().noneMatch(k -> k.startsWith("__bf$w$open:") || k.startsWith("__bf$r$open:")),
                "but have no words: their VarState is their synchronisation clock");
        assertTrue(access.keySet().stream().noneMatch(k -> k.startsWith("__bf$s$id:")), "final fields are not");
        assertEquals(List.of("registerSites", "fieldShadow", "staticShadow", "fieldShadow", "staticShadow", "fieldShadow",
                "fieldShadow", "classInitialized"),
                runtimeCalls(method(account, "<clinit>")));
    }

    @Test
    void sitesNameTheOriginalBytecodeIndexLineAndTarget() throws Exception {
        Map<String, byte[]> classes = TestJars.compile(work, Map.of("app/Account.java", ACCOUNT));
        Path original = Files.write(work.resolve("Account.class"), classes.get("app/Account.class"));
        Path out = work.resolve("out.jar");
        TestJars.Run run = TestJars.staticbf("--in", TestJars.writeJar(work.resolve("in.jar"), classes).toString(),
                "--out", out.toString(), "--mode", "fasttrack");
        assertEquals(0, run.exitCode(), run.err());

        ClassNode account = classNode(out, "app.Account");
        List<Site> table = Sites.table(account);
        JavapMethod javap = JavapMethod.parse(Sites.javap(original), "deposit");
        List<Sites.Check> checks = Sites.checks(method(account, "deposit"));
        assertEquals(10, checks.size());
        for (Sites.Check check : checks) {
            Site site = table.get(check.siteId());
            assertEquals("app.Account", site.className());
            assertEquals("Account.java", site.sourceFile());
            assertEquals("deposit", site.method());
            String insn = javap.instructions().get(site.bci());
            assertNotNull(insn, "no instruction at bci " + site.bci());
            assertEquals(javap.lineOf(site.bci()), site.line(), "line of bci " + site.bci());
            assertEquals(check.entry().startsWith("read") ? AccessOp.READ : AccessOp.WRITE, site.op());
            if (site.isArray()) {
                assertTrue(insn.matches("[ilfdabcs]a" + (site.op() == AccessOp.READ ? "load" : "store")), insn);
            } else {
                String field = site.target().substring(site.target().lastIndexOf('.') + 1);
                String opcode = (site.op() == AccessOp.READ ? "get" : "put")
                        + (check.entry().endsWith("Static") ? "static" : "field");
                assertTrue(insn.startsWith(opcode) && insn.contains("Field " + field + ":"), insn + " vs " + site);
                assertEquals("app.Account." + field, site.target());
            }
        }
        // every field and array access instruction of deposit that is not volatile or final has a site
        long expected = javap.instructions().values().stream()
                .filter(i -> i.matches("[ilfdabcs]a(load|store)") || i.matches("(get|put)(field|static) .*"))
                .filter(i -> !i.contains("Field open:") && !i.contains("Field generation:") && !i.contains("Field id:"))
                .count();
        assertEquals(expected, checks.size());
    }

    @Test
    void rewrittenCodeReportsEachAccessAndKeepsItsResult() throws Exception {
        Path out = TestJars.compileAndRewrite(work, Map.of("app/Account.java", ACCOUNT));
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("app.Account", true, loader);
            Object account = c.getConstructor(int.class).newInstance(40);
            RT.reset();
            Object result = c.getMethod("deposit", int.class).invoke(account, 2);
            assertEquals(41, result);
            Field balance = c.getDeclaredField("balance");
            balance.setAccessible(true);
            assertEquals(2, balance.get(account));
            List<RT.Event> events = RT.events();
            assertEquals(List.of("readField", "writeField", "readStatic", "writeStatic", "readField", "writeArray",
                    "readField", "readField", "readArray", "writeArray", "volatileWriteField", "volatileReadStatic",
                    "volatileWriteStatic", "volatileReadField"),
                    events.stream().map(RT.Event::entry).toList());
            assertEquals("app.Account.balance", RT.site(events.get(0).site()).target());
            assertEquals(AccessOp.WRITE, RT.site(events.get(1).site()).op());
            assertEquals(account, events.get(0).subject());
            Field word = c.getDeclaredField("__bf$w$balance");
            word.setAccessible(true);
            assertEquals(1L, word.get(account), "the runtime changed the W word it was passed, through the updater");
            Field shadow = c.getDeclaredField("__bf$s$balance");
            shadow.setAccessible(true);
            assertNull(shadow.get(account), "no VarState: the words hold the field's state");
        }
    }

    @Test
    void fieldsNamedLikeAddedMembersKeepTheirOwnShadows() throws Exception {
        Path out = TestJars.compileAndRewrite(work, Map.of("app/Names.java", """
                package app;

                public class Names {
                    StringBuilder sb = new StringBuilder();
                    int x;
                    int u$x;

                    public String use() {
                        x++;
                        u$x++;
                        return sb.append(x + u$x).toString();
                    }
                }
                """));
        try (URLClassLoader loader = TestJars.loader(out)) {
            Class<?> c = Class.forName("app.Names", true, loader);
            Object names = c.getConstructor().newInstance();
            RT.reset();
            assertEquals("2", c.getMethod("use").invoke(names));
            assertEquals(List.of("readField app.Names.x", "writeField app.Names.x", "readField app.Names.u$x",
                    "writeField app.Names.u$x", "readField app.Names.sb", "readField app.Names.x",
                    "readField app.Names.u$x"),
                    RT.events().stream().map(e -> e.entry() + " " + RT.site(e.site()).target()).toList(),
                    "shadows (__bf$s$*), updaters (__bf$u$*) and the site base (__bf$sb) cannot collide");
        }
        TestJars.assertVerifies(out);
    }

    static final String FRESH = """
            package app;

            public class Fresh {
                static Fresh last;
                int a, b;
                Fresh next;

                public Fresh(int a) {
                    this.a = a;
                    this.b = this.a + 1;
                    register();
                    this.a = 2;
                }

                Fresh(Fresh other) {
                    this.a = other.a;
                    other.next = this;
                    this.b = 1;
                }

                Fresh(int n, boolean leak) {
                    for (int i = 0; i < n; i++) {
                        this.a = i;
                        if (leak) {
                            last = this;
                        }
                    }
                }

                void register() {
                    last = this;
                }
            }
            """;

    @Test
    void checksOfThisInAConstructorBeforeItCanEscapeAreFresh() {
        ClassNode fresh = classNode(TestJars.compileAndRewrite(work, Map.of("app/Fresh.java", FRESH)), "app.Fresh");
        // register() may publish this: the write after it is an ordinary check
        assertEquals(List.of("writeFresh", "readFresh", "writeFresh", "writeField"),
                runtimeCalls(method(fresh, "<init>", "(I)V")));
        // other is not this; storing this into other.next lets it escape
        assertEquals(List.of("readField", "writeFresh", "writeField", "writeField"),
                runtimeCalls(method(fresh, "<init>", "(Lapp/Fresh;)V")));
        // a later iteration may follow the escape in an earlier one
        assertEquals(List.of("writeField", "writeStatic"), runtimeCalls(method(fresh, "<init>", "(IZ)V")));
    }
}
