package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.Site;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * {@code --mode bigfoot}: checks move to the latest point that keeps them precise and merge per location
 * (the BigFoot dissertation, section 3.3.3, Figs 3.3 and 3.6). Each case asserts the exact checks of a method: entry point, the
 * line of the access whose site it names, and the line where the check runs (lines found by their markers).
 */
class BigFootPlacementTest {

    private static final String SUBJECT = """
            package bf;

            public class Subject {
                int x, y, z;
                int f, g;
                volatile int v;
                static int s;
                static final Object LOCK = new Object();

                // Fig 3.1: the read checks are redundant with the writes, the writes merge at the end
                void move(int dx, int dy, int dz) {
                    x = x + dx; // @move-x
                    y = y + dy; // @move-y
                    z = z + dz; // @move-z
                } // @move-end

                // Fig 3.6(a): b.g is lost at the merge, b.f is anticipated after it
                int ifElse(Subject b, int i) {
                    int x = 0, y = 0;
                    if (i < 0) {
                        y = b.g; // @if-g
                    } else {
                        x = b.f; // @else-f
                    }
                    int z = b.f; // @after-f
                    return x + y + z; // @if-return
                }

                int acquireInBetween() {
                    int a = f; // @acq-read
                    int w = v; // @acq-volatile
                    return a + w + f; // @acq-return
                }

                int releaseInBetween() {
                    int a = f; // @rel-read
                    synchronized (LOCK) { // @rel-enter
                        a += s; // @rel-static
                    } // @rel-exit
                    return a + f; // @rel-return
                }

                void releaseAnticipated() {
                    f = 1; // @ra-write
                    v = 2; // @ra-volatile
                    f = 3; // @ra-again
                } // @ra-end

                int callInBetween(Subject o) {
                    int a = f; // @call-read
                    int b = o.hashCode(); // @call
                    return a + b + f; // @call-return
                }

                void throwsAfterWrite(int[] arr) {
                    f = 1; // @tw-write
                    arr[0] = 2; // @tw-array
                } // @tw-end

                // Fig 3.1: one read check of a[lo..hi) after the loop
                static int movePts(int[] a, int lo, int hi) {
                    int sum = 0;
                    for (int i = lo; i < hi; i++) {
                        sum += a[i]; // @pts-read
                    }
                    return sum; // @pts-return
                }

                // Fig 3.6(b): check(a[0..i], b.f) after the loop; f only if the loop ran (javac tests at the top)
                void fill(int[] a, int n) {
                    for (int i = 0; i < n; i++) { // @fill-loop
                        a[i] = f; // @fill
                    }
                } // @fill-end

                // a stencil: the three shifted ranges of a are coalesced (Z3 proves the union) into a[0..j+1)
                static void smooth(double[] a, double[] b, int n) {
                    for (int j = 1; j < n; j++) {
                        b[j] = a[j - 1] + a[j] + a[j + 1]; // @smooth
                    }
                } // @smooth-end

                // red-black: a loop stepping by 2 gets one strided range
                // 8-byte blocks (crypt): a[8*b+0..7] coalesce into one range a[8*lo..8*hi) after the loop
                static int blocks(byte[] a, int lo, int hi) {
                    int s = 0;
                    for (int b = lo; b < hi; b++) {
                        int i = 8 * b;
                        s += a[i] + a[i + 1] + a[i + 2] + a[i + 3] + a[i + 4] + a[i + 5] + a[i + 6] + a[i + 7]; // @blocks
                    }
                    return s; // @blocks-end
                }

                // a block of three elements (moldyn's partial forces): one range f[3j..3j+3) for each kind
                static void kick(double[] f, int j, double dx, double dy, double dz) {
                    f[3 * j] -= dx; // @kick
                    f[3 * j + 1] -= dy;
                    f[3 * j + 2] -= dz;
                } // @kick-end

                // two elements with a gap between them stay two checks
                static void gap(double[] f, int j) {
                    f[3 * j] = 0; // @gap-0
                    f[3 * j + 2] = 0; // @gap-2
                } // @gap-end

                // WHOLE ARRAY: zeroed by a loop over f.length, then updated at scattered indices (moldyn's partial
                // forces): the updates are covered by the range, checked once after all of them
                static void zeroThenScatter(double[] f, int[] js) {
                    for (int i = 0; i < f.length; i++) {
                        f[i] = 0; // @zero
                    }
                    for (int k = 0; k < js.length; k++) {
                        if (js[k] > 0) { // @zero-js
                            f[js[k]] += 1;
                        }
                    }
                } // @zero-end

                // not WHOLE ARRAY: a loop that may break early, or that stops at n, covers only a prefix
                static void zeroUntil(double[] f, int j) {
                    for (int i = 0; i < f.length; i++) {
                        if (f[i] < 0) {
                            break;
                        }
                        f[i] = 0; // @until
                    }
                    f[j] = 1; // @until-j
                } // @until-end

                static void zeroPrefix(double[] f, int n, int j) {
                    for (int i = 0; i < n; i++) {
                        f[i] = 0; // @prefix
                    }
                    f[j] = 1; // @prefix-j
                } // @prefix-end

                // a window clipped with Math (particles' neighbours): the call's result starts the range, and the
                // bound Math.min recomputes in every test cannot throw, so ps[max(0, i-w)..k) is one check after the loop
                static int window(int[] ps, int i, int w) {
                    int s = 0;
                    for (int k = Math.max(0, i - w); k < Math.min(ps.length, i + w); k++) {
                        s += ps[k]; // @window
                    }
                    return s; // @window-end
                }

                // a row of a sparse matrix (JavaGrande's SparseMatmult, CSR): the test reads start[r + 1] in every
                // iteration, the same element each time (r + 1 is invariant), so it may throw only in the first:
                // val and col get one range check each after the loop, x[col[p]] one check per iteration
                static double csrRow(int[] start, int[] col, double[] val, double[] x, int r) {
                    double sum = 0;
                    for (int p = start[r]; p < start[r + 1]; p++) { // @csr-test
                        sum += val[p] * x[col[p]]; // @csr-read
                    }
                    return sum; // @csr-end
                }

                // a variable the loop does not test, stepped three times per iteration: key[k0..k) if the loop ran
                static int keys(int[] key, int rounds) {
                    int s = 0;
                    int k = 0;
                    for (int r = 0; r < rounds; r++) {
                        s += key[k++]; // @keys
                        s ^= key[k++];
                        s += key[k++];
                    }
                    return s; // @keys-end
                }

                // crypt's blocks (JavaGrande's cipher_idea): counters the loop does not test, stepped eight times per
                // iteration, so text1[i1..i1+8) and text2[i2..i2+8) per block; with the key's reads more elements are
                // owed at an instruction that may throw than a handler takes, but none of these is checked in the loop
                static void cipherBlocks(byte[] text1, byte[] text2, int[] key, int ilow, int iupper) {
                    int i1 = ilow;
                    int i2 = ilow;
                    for (int i = ilow; i < iupper; i += 8) { // @cb-loop
                        int x1 = text1[i1++] & 0xff; // @cb-read
                        x1 |= (text1[i1++] & 0xff) << 8;
                        int x2 = text1[i1++] & 0xff;
                        x2 |= (text1[i1++] & 0xff) << 8;
                        int x3 = text1[i1++] & 0xff;
                        x3 |= (text1[i1++] & 0xff) << 8;
                        int x4 = text1[i1++] & 0xff;
                        x4 |= (text1[i1++] & 0xff) << 8;
                        int ik = 0;
                        for (int r = 0; r < 8; r++) {
                            x1 = x1 * key[ik++] & 0xffff; // @cb-rounds
                            x2 = x2 + key[ik++] & 0xffff;
                            x3 = x3 + key[ik++] & 0xffff;
                            x4 = x4 * key[ik++] & 0xffff;
                        }
                        x1 = x1 * key[ik++] & 0xffff; // @cb-key
                        x3 = x3 + key[ik++] & 0xffff; // @cb-key2
                        x2 = x2 + key[ik++] & 0xffff; // @cb-key3
                        x4 = x4 * key[ik++] & 0xffff; // @cb-key4
                        text2[i2++] = (byte) x1; // @cb-write
                        text2[i2++] = (byte) (x1 >>> 8);
                        text2[i2++] = (byte) x3;
                        text2[i2++] = (byte) (x3 >>> 8);
                        text2[i2++] = (byte) x2;
                        text2[i2++] = (byte) (x2 >>> 8);
                        text2[i2++] = (byte) x4;
                        text2[i2++] = (byte) (x4 >>> 8);
                    }
                } // @cb-end

                // the counter is also stepped on one branch: not an induction variable, so each element is checked in its
                // iteration, on the back edge
                static int skipping(byte[] text, int n) {
                    int s = 0;
                    int k = 0;
                    for (int i = 0; i < n; i++) { // @skip-loop
                        s += text[k++]; // @skip-read
                        if (s < 0) {
                            k++;
                        }
                        s += text[k++]; // @skip-read2
                    }
                    return s; // @skip-end
                }

                // EXITS: a counter the loop does not test is counted from the one it tests, so the loop may be left by
                // a return after its steps: a[0..k) of the iterations before, and this one's elements, at the return
                static int firstZeroPair(int[] a, int n) {
                    int k = 0;
                    for (int r = 0; r < n; r++) {
                        int x = a[k++]; // @pair
                        int y = a[k++]; // @pair2
                        if (x + y == 0) {
                            return r; // @pair-found
                        }
                    }
                    return -1; // @pair-end
                }

                static void redBlack(double[] row, int start, int n) {
                    for (int j = start; j < n; j += 2) {
                        row[j] = 0.5 * row[j]; // @rb
                    }
                } // @rb-end

                // EXITS: a search loop is left at its test or by the return in its body; a[lo..i) holds at both
                static int find(int[] a, int lo, int hi, int key) {
                    for (int i = lo; i < hi; i++) {
                        if (a[i] == key) { // @find-read
                            return i; // @find-found
                        }
                    }
                    return -1; // @find-end
                }

                // many accesses per iteration: more element checks are owed at a throwing instruction than a
                // handler takes, so those run before it; the loop's ranges must still wait for the loop's end
                static double wide(double[] a, double[] b, double[] c, double[] d, double[] e, int n) {
                    double s = 0;
                    for (int i = 0; i < n; i++) {
                        s += a[i] + b[i] + c[i] + d[i] + e[i] + a[i + 1] + b[i + 1] + c[i + 1] + d[i + 1] + e[i + 1]
                                + a[i + 2] + b[i + 2] + c[i + 2] + d[i + 2] + e[i + 2] + a[i + 3] + b[i + 3]
                                + c[i + 3] + d[i + 3] + e[i + 3];
                    }
                    return s; // @wide-return
                }

                int[] data;

                // ALIAS: javac reloads this.data in every iteration, and nothing in the loop may write it: one array,
                // so one range check after the loop
                int sumData(int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        s += data[i]; // @data
                    }
                    return s; // @data-end
                }

                // g[i] is reloaded for every j: one range check per row (on the outer loop's back edge)
                static void clearRows(double[][] g, int n) {
                    for (int i = 0; i < g.length; i++) { // @rows-loop
                        for (int j = 0; j < n; j++) {
                            g[i][j] = 0; // @rows
                        }
                        g[i] = g[i]; // @rows-next
                    }
                } // @rows-end

                // MOD-SET: the call writes f, not data: this.data is the same array in every iteration, one range check
                int sumDataCalling(int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        s += data[i]; // @data-call
                        count();
                    }
                    return s; // @data-call-end
                }

                // the call may change this.data: each iteration's array is checked in its iteration
                int sumDataResetting(int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) { // @data-reset-loop
                        s += data[i]; // @data-reset
                        reset();
                    }
                    return s; // @data-reset-end
                }

                // ALIAS: javac loads this.data for each access, and nothing between the loads may write it: one array,
                // so one write check per element
                void swap(int i, int j) {
                    int t = data[i]; // @swap-i
                    data[i] = data[j]; // @swap-j
                    data[j] = t; // @swap-j2
                } // @swap-end

                // MOD-SET: the call between the loads of this.data writes only f (through another call): one array,
                // whose write check covers the read
                void swapCalling(int i) {
                    int t = data[i]; // @swapc-read
                    countTwice();
                    data[i] = t + 1; // @swapc-write
                } // @swapc-end

                // a call between the loads may change this.data: the read and the write are of two arrays
                void swapResetting(int i) {
                    int t = data[i]; // @swapr-read
                    reset();
                    data[i] = t + 1; // @swapr-write
                } // @swapr-end

                // Peeker.peek writes nothing, but an override of it writes data
                void swapPeeking(int i, Peeker p) {
                    int t = data[i]; // @swapp-read
                    p.peek(this);
                    data[i] = t + 1; // @swapp-write
                } // @swapp-end

                // a synchronized callee: after its acquire another thread's write of data may be seen
                void swapLocking(int i) {
                    int t = data[i]; // @swapl-read
                    locked(); // @swapl-call
                    data[i] = t + 1; // @swapl-write
                } // @swapl-end

                // Arrays.hashCode writes nothing, but calls its elements' hashCode, and Key's writes a field data:int[]
                void swapHashing(int i, Object[] keys) {
                    int t = data[i]; // @swaph-read
                    java.util.Arrays.hashCode(keys);
                    data[i] = t + 1; // @swaph-write
                } // @swaph-end

                // a JDK method nothing says anything of may write anything
                void swapAsking(int i) {
                    int t = data[i]; // @swapq-read
                    java.util.Locale.getDefault();
                    data[i] = t + 1; // @swapq-write
                } // @swapq-end

                Cell cell;

                // MOD-SET, with Math: the calls write neither cell nor u/v: one object, one check of cell.u/v (where
                // count() throws, u alone is owed: u is v's proxy, not the converse)
                void fillCell(int a) {
                    cell.u = Math.max(a, 1); // @cell-u
                    count();
                    cell.v = 2;
                } // @cell-end

                void count() {
                    f++;
                }

                void countTwice() {
                    count();
                    count();
                }

                void reset() {
                    data = new int[1];
                }

                synchronized void locked() {
                }

                // INTERRUPT DETECTED BY AN EXCEPTION: sleep may see an interrupt, an acquire: f is checked before it
                // (not at the end)
                int sleeping() throws InterruptedException {
                    int a = f; // @sleep-read
                    Thread.sleep(1); // @sleep
                    return a + f; // @sleep-return
                }

                // idx[0] changes in the loop (a store into an int array): each iteration reads its own element of a
                static int indirect(int[] a, int[] idx, int n) {
                    int s = 0;
                    for (int i = 0; i < n; i++) {
                        s += a[idx[0]]; // @ind-read
                        idx[0] = i;
                    }
                    return s; // @ind-end
                }

                Subject next;

                // ALIAS: this.next is loaded for each write: one object, one check of its x/y/z
                void moveNext() {
                    next.x = 1; // @next-x
                    next.y = 2;
                    next.z = 3;
                } // @next-end

                // each call may throw with one more element owed: the handlers chain, one check per element in all
                void owedGrows(int[] a) {
                    a[0] = helper();
                    a[1] = helper();
                    a[2] = helper();
                    a[3] = helper();
                    a[4] = helper();
                    a[5] = helper();
                }

                // CATCH STUB: the handler is also reached from the first call, which owes nothing, so it loses f: a stub
                // on the way from the second call checks f; the normal path checks f at the end
                int caught() {
                    int s = 0;
                    try {
                        s = helper();
                        s += f; // @catch-read
                        s += helper(); // @catch-call
                    } catch (IllegalStateException e) {
                        return -1; // @catch-handler
                    }
                    return s; // @catch-end
                }

                int helper() {
                    return 1;
                }

                int elements(int[] arr, int i) {
                    int a = arr[i]; // @elem-read
                    arr[i] = a + 1; // @elem-write
                    return a; // @elem-return
                }
            }
            """;

    /** Callees for Subject's MOD-SET cases: an override that writes Subject.data, a hashCode that writes a data:int[]. */
    private static final String PEEKERS = """
            package bf;

            public class Peeker {
                int peek(Subject s) {
                    return 0;
                }
            }

            class ResettingPeeker extends Peeker {
                @Override
                int peek(Subject s) {
                    s.data = new int[0];
                    return 1;
                }
            }

            class Cell {
                int u, v;
            }

            class Key {
                int[] data;

                @Override
                public int hashCode() {
                    data = null;
                    return 1;
                }
            }
            """;

    @TempDir
    static Path work;
    static ClassNode subject;
    static List<Site> sites;
    static TestJars.Run run;
    static Path in;
    static Path out;

    @BeforeAll
    static void rewrite() {
        in = TestJars.compileToJar(work, "bf.jar", Map.of("bf.Subject", SUBJECT, "bf.Peeker", PEEKERS));
        out = work.resolve("bf-checked.jar");
        run = TestJars.staticbf("--in", in.toString(), "--out", out.toString(), "--mode", "bigfoot");
        assertEquals(0, run.exitCode(), run::err);
        assertEquals(List.of(), run.errLines());
        subject = classNode(out, "bf.Subject");
        sites = Sites.table(subject);
        TestJars.assertVerifies(out);
    }

    /**
     * The checks of a method in code order, as "entry field-or-array@access line@line where it runs", where
     * "throw" is a handler that runs them when an exception leaves the method.
     */
    private static List<String> checks(String methodName) {
        MethodNode m = method(subject, methodName);
        Set<LabelNode> handlers = new HashSet<>();
        m.tryCatchBlocks.stream().filter(t -> t.type == null).forEach(t -> handlers.add(t.handler));
        List<Sites.Check> calls = Sites.checks(m);
        List<String> out = new ArrayList<>();
        String line = "?";
        int next = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof LineNumberNode ln) {
                line = String.valueOf(ln.line);
            } else if (insn instanceof LabelNode label && handlers.contains(label)) {
                line = "throw";
            } else if (insn instanceof MethodInsnNode call && call.owner.equals("bigfoot/rt/RT")
                    && Sites.CHECKS.contains(call.name)) {
                Site site = sites.get(calls.get(next++).siteId());
                String target = site.target().substring(site.target().lastIndexOf('.') + 1);
                out.add(Sites.checkName(call.name) + " " + target + "@" + site.line() + "@" + line);
            }
        }
        return out;
    }

    /** The checks of a method that run in its code, without those of its exception handler ({@link #checks}). */
    private static List<String> placed(String methodName) {
        return checks(methodName).stream().filter(c -> !c.endsWith("@throw")).toList();
    }

    private static int line(String marker) {
        return Sites.markedLine(SUBJECT, marker);
    }

    private static String check(String entry, String target, String access, String runsAt) {
        return entry + " " + target + "@" + line(access) + "@" + (runsAt.equals("throw") ? "throw" : line(runsAt));
    }

    @Test
    void theSummaryAndMetadataReportTheAnalysis() throws Exception {
        int methods = 0;
        for (String c : List.of("bf.Subject", "bf.Peeker", "bf.ResettingPeeker", "bf.Cell", "bf.Key")) {
            methods += classNode(in, c).methods.size();
        }
        Matcher m = Pattern.compile("; analysis: (\\d+) methods in [0-9.]+ s \\([0-9.]+ s/method, [0-9.]+ s of it "
                + "whole-program\\), 0 left to fasttrack, (\\d+) Z3 queries \\((\\d+) from its cache\\)").matcher(run.out());
        assertTrue(m.find(), run.out());
        assertEquals(methods, Integer.parseInt(m.group(1)), "every method of the jar is analysed");
        Matcher phases = Pattern.compile("; time: ([0-9.]+) s \\(call targets and kill sets ([0-9.]+) s, class "
                + "hierarchy and other whole-program analysis ([0-9.]+) s, methods ([0-9.]+) s, reading, rewriting and "
                + "writing the jar ([0-9.]+) s\\)$").matcher(run.out().strip());
        assertTrue(phases.find(), run.out());
        double parts = 0;
        for (int g = 2; g <= 5; g++) {
            parts += Double.parseDouble(phases.group(g));
        }
        assertEquals(Double.parseDouble(phases.group(1)), parts, 0.3, "the phases make up the run (each rounded)");
        assertTrue(Integer.parseInt(m.group(2)) > 0, "the stencils' coalescing asks Z3");
        Properties metadata = new Properties();
        metadata.load(new ByteArrayInputStream(TestJars.readJar(out).get("META-INF/bigfoot/instrumented.properties")));
        assertEquals("bigfoot", metadata.getProperty("mode"));
        assertEquals(String.valueOf(methods), metadata.getProperty("analysis.methods"));
        assertEquals("0", metadata.getProperty("analysis.failed"));
        assertEquals(m.group(2), metadata.getProperty("analysis.z3.queries"));
        Matcher placement = Pattern.compile("; placement: (\\d+) checks moved, (\\d+) covered by another check of their "
                + "location, 0 elided \\(thread-local\\);").matcher(run.out());
        assertTrue(placement.find(), run.out());
        int moved = Integer.parseInt(placement.group(1));
        int covered = Integer.parseInt(placement.group(2));
        // the loops' checks run after them (moved); pointMove's six accesses of x, y, z share one check (covered)
        assertTrue(moved > 0 && covered > 0, run.out());
        assertTrue(moved + covered <= Integer.parseInt(metadata.getProperty("accesses")), run.out());
        assertEquals(String.valueOf(moved), metadata.getProperty("checks.moved"));
        assertEquals(String.valueOf(covered), metadata.getProperty("checks.covered"));
        assertEquals("0", metadata.getProperty("checks.elided"), "--elide none is the default");
        assertEquals("none", metadata.getProperty("elide"));
    }

    @Test
    void pointMoveGetsOneWriteCheckOfXYZAtTheEnd() {
        // x, y and z are always checked together, so they share one shadow (field proxies): one check, named by x's site
        assertEquals(List.of(check("writeField", "x/y/z", "move-x", "move-end")), checks("move"));
    }

    @Test
    void ifElseChecksWhatTheMergeLosesAndDefersWhatIsAnticipated() {
        assertEquals(List.of(check("readField", "g", "if-g", "if-g"), check("readField", "f", "after-f", "if-return")),
                checks("ifElse"));
    }

    @Test
    void anAcquireChecksEverythingBeforeItAndTheCheckCoversLaterReads() {
        assertEquals(List.of(check("readField", "f", "acq-read", "acq-volatile")), checks("acquireInBetween"));
    }

    @Test
    void aReleaseChecksWhatIsNotAnticipatedAndEndsTheSpan() {
        assertEquals(List.of(check("readField", "f", "rel-read", "rel-enter"),
                check("readStatic", "s", "rel-static", "rel-exit"), check("readField", "f", "rel-return", "rel-return")),
                checks("releaseInBetween"));
        // f is written again after the volatile write with no acquire in between: one check, after both
        assertEquals(List.of(check("writeField", "f", "ra-again", "ra-end")), checks("releaseAnticipated"));
    }

    @Test
    void aCallThatDoesNotSynchroniseKeepsTheSpanAndAnExceptionOutOfItCommitsTheOwedChecks() {
        assertEquals(List.of(check("readField", "f", "call-read", "call-return"), check("readField", "f", "call-read", "throw")),
                checks("callInBetween"));
    }

    @Test
    void anExceptionLeavingTheMethodRunsTheChecksOwedAtTheThrowingInstruction() {
        assertEquals(List.of(check("writeField", "f", "tw-write", "tw-end"), check("writeArray", "[]", "tw-array", "tw-end"),
                check("writeField", "f", "tw-write", "throw")), checks("throwsAfterWrite"));
    }

    @Test
    void aSearchLoopGetsItsRangeCheckedAtEachExitInsteadOfAnElementPerIteration() {
        // the element read in the iteration that returns, and a[lo..i) of the iterations before it
        assertEquals(List.of(check("readArrayRange", "[]", "find-read", "find-found"),
                check("readArray", "[]", "find-read", "find-found"),
                check("readArrayRange", "[]", "find-read", "find-end"),
                check("readArrayRange", "[]", "find-read", "throw")), checks("find"));
    }

    @Test
    void movePtsGetsOneReadCheckOfTheRangeAfterTheLoop() {
        assertEquals(List.of(check("readArrayRange", "[]", "pts-read", "pts-return"),
                check("readArrayRange", "[]", "pts-read", "throw")), checks("movePts"));
    }

    @Test
    void fig36bGetsTheRangeAndTheLoopInvariantReadCheckedOnceAfterTheLoop() {
        List<String> placed = placed("fill");
        assertEquals(List.of(check("readField", "f", "fill", "fill-end"), check("writeArrayRange", "[]", "fill", "fill-end")),
                placed);
        boolean guarded = false;
        for (AbstractInsnNode insn : method(subject, "fill").instructions) {
            guarded |= insn.getOpcode() == Opcodes.IF_ICMPEQ; // if (i != 0): javac's loop has only if_icmpge
        }
        assertTrue(guarded, "the check of f runs only if the loop ran at least once");
    }

    @Test
    void aStencilsShiftedRangesAreCoalescedIntoOneAfterTheLoop() {
        List<String> placed = placed("smooth");
        assertEquals(List.of(check("readArrayRange", "[]", "smooth", "smooth-end"),
                check("writeArrayRange", "[]", "smooth", "smooth-end")), placed);
        MethodNode m = method(subject, "smooth");
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals("readArrayRange")) {
                AbstractInsnNode n = call;
                while (n.getOpcode() != Opcodes.ALOAD) { // back to the fetch of ts
                    n = n.getPrevious();
                }
                n = TestJars.threadStatePush(n);
                do { // back past the fetch to the array's "aload": the bounds follow it
                    n = n.getPrevious();
                } while (n.getOpcode() != Opcodes.ALOAD);
                assertEquals(Opcodes.ICONST_0, n.getNext().getOpcode(), "a[j-1..) with j from 1 starts at 0");
                AbstractInsnNode endOffset = n.getNext().getNext().getNext();
                assertEquals(Opcodes.ICONST_1, endOffset.getOpcode(), "and ends at j+1, past a[j+1]");
                break;
            }
        }
    }

    @Test
    void aLoopSteppingByTwoGetsOneStridedRangeCheck() {
        List<String> placed = placed("redBlack");
        assertEquals(List.of(check("writeArrayRange", "[]", "rb", "rb-end")), placed);
        MethodNode m = method(subject, "redBlack");
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals("writeArrayRange")) {
                AbstractInsnNode n = call;
                while (n.getOpcode() != Opcodes.ALOAD) { // back to the fetch of ts: the stride is pushed right before it
                    n = n.getPrevious();
                }
                assertEquals(Opcodes.ICONST_2, TestJars.threadStatePush(n).getPrevious().getOpcode(), "stride 2");
            }
        }
    }

    @Test
    void eightBytesOfABlockPerIterationGetOneRangeCheckAfterTheLoop() {
        assertEquals(List.of(check("readArrayRange", "[]", "blocks", "blocks-end")),
                placed("blocks"));
    }

    @Test
    void aBlockOfConsecutiveElementsGetsOneRangeCheck() {
        // f[3j], f[3j+1], f[3j+2] are read and written: the writes' range stands for the reads too
        assertEquals(List.of(check("writeArrayRange", "[]", "kick", "kick-end")),
                placed("kick"));
    }

    @Test
    void elementsWithAGapStaySingleChecks() {
        assertEquals(List.of(check("writeArray", "[]", "gap-0", "gap-end"), check("writeArray", "[]", "gap-2", "gap-end")),
                placed("gap"));
    }

    @Test
    void elementsUpdatedAfterALoopWroteTheWholeArrayAreCoveredByItsRange() {
        assertEquals(List.of(check("writeArrayRange", "[]", "zero", "zero-end"), check("readArrayRange", "[]", "zero-js", "zero-end")),
                placed("zeroThenScatter"));
    }

    @Test
    void aLoopThatMayStopShortOfTheLengthCoversNoLaterElement() {
        assertTrue(checks("zeroUntil").contains(check("writeArray", "[]", "until-j", "until-end")), checks("zeroUntil").toString());
        assertTrue(checks("zeroPrefix").contains(check("writeArray", "[]", "prefix-j", "prefix-end")), checks("zeroPrefix").toString());
    }

    @Test
    void aLoopFromAMathMaxToAMathMinGetsOneRangeCheckAfterTheLoop() {
        assertEquals(List.of(check("readArrayRange", "[]", "window", "window-end")),
                placed("window"));
    }

    @Test
    void aSparseRowGetsRangesAfterTheLoopThoughItsTestReadsTheNextRowStart() {
        List<String> placed = placed("csrRow");
        String inLoop = "@" + line("csr-test");
        assertEquals(List.of(check("readArray", "[]", "csr-read", "csr-test")), placed.stream().filter(c -> c.endsWith(inLoop)).toList(),
                "only x[col[p]] is checked in the loop");
        assertEquals(List.of(check("readArrayRange", "[]", "csr-test", "csr-end"), check("readArrayRange", "[]", "csr-read", "csr-end"),
                check("readArrayRange", "[]", "csr-read", "csr-end")), placed.stream().filter(c -> c.startsWith("readArrayRange")).toList(),
                "start[r..r+1] (two elements), val and col: one range each after it");
    }

    @Test
    void aVariableTheLoopDoesNotTestGetsItsRangeCheckedAfterTheLoop() {
        assertEquals(List.of(check("readArrayRange", "[]", "keys", "keys-end")),
                placed("keys"));
    }

    @Test
    void cryptsBlocksGetOneRangeCheckPerArrayAfterTheLoop() {
        // per block: the rounds' key[0..ik) and the four key reads after them, key[ik..ik+3] (ik is the rounds' value);
        // the eight reads of text1 and the eight writes of text2 become text1[ilow..i1) and text2[ilow..i2) after the loop
        assertEquals(List.of(check("readArrayRange", "[]", "cb-rounds", "cb-loop"), check("readArrayRange", "[]", "cb-key", "cb-loop"),
                check("readArrayRange", "[]", "cb-read", "cb-end"), check("writeArrayRange", "[]", "cb-write", "cb-end")),
                placed("cipherBlocks"));
    }

    @Test
    void aCounterAlsoSteppedOnABranchIsCheckedPerElementInEveryIteration() {
        assertEquals(List.of(check("readArray", "[]", "skip-read", "skip-loop"), check("readArray", "[]", "skip-read2", "skip-loop")),
                placed("skipping"));
    }

    @Test
    void aCounterTheLoopDoesNotTestGetsItsRangeCheckedAtEachExit() {
        assertEquals(List.of(check("readArrayRange", "[]", "pair", "pair-found"), check("readArrayRange", "[]", "pair", "pair-found"),
                check("readArrayRange", "[]", "pair", "pair-end")),
                placed("firstZeroPair"));
    }

    @Test
    void aLoopsRangesAreNeverCheckedInsideTheLoop() {
        List<String> ranges = checks("wide").stream().filter(c -> c.startsWith("readArrayRange")).toList();
        // a[i..), a[i+1..), a[i+2..), a[i+3..) of each of the five arrays coalesce into one range per array
        assertEquals(5, ranges.stream().filter(c -> c.endsWith("@" + line("wide-return"))).count(), ranges::toString);
        assertEquals(List.of(), ranges.stream().filter(c -> !c.endsWith("@" + line("wide-return"))
                && !c.endsWith("@throw")).toList(), "range checks inside the loop would run once per iteration");
    }

    @Test
    void anArrayReloadedFromAFieldNoOneWritesInTheLoopGetsOneRangeCheckAfterTheLoop() {
        assertEquals(List.of(check("readField", "data", "data", "data-end"), check("readArrayRange", "[]", "data", "data-end")),
                placed("sumData"));
    }

    @Test
    void eachRowOfAMatrixGetsOneRangeCheckAfterItsLoop() {
        // javac's g[i][j] = 0 reloads g[i] for every j: one read of g[i] and one write of its range per row; the outer
        // loop (its test reads g.length) writes g[0..i): one range check after it
        assertEquals(List.of(check("readArray", "[]", "rows", "rows-loop"), check("writeArrayRange", "[]", "rows", "rows-loop"),
                check("writeArrayRange", "[]", "rows-next", "rows-end")),
                placed("clearRows"));
    }

    @Test
    void anArrayReloadedInALoopThatCallsAMethodThatCannotWriteItGetsOneRangeCheckAfterTheLoop() {
        assertEquals(List.of(check("readField", "data", "data-call", "data-call-end"),
                check("readArrayRange", "[]", "data-call", "data-call-end")),
                placed("sumDataCalling"));
    }

    @Test
    void anArrayReloadedInALoopThatCallsAMethodThatWritesTheFieldIsCheckedInEveryIteration() {
        // the field is read in every iteration, with no write in between: one check of it after the loop
        assertEquals(List.of(check("readArray", "[]", "data-reset", "data-reset-loop"),
                check("readField", "data", "data-reset", "data-reset-end")),
                placed("sumDataResetting"));
    }

    @Test
    void reloadsOfAFieldNameOneArrayInStraightLineCode() {
        assertEquals(List.of(check("readField", "data", "swap-i", "swap-end"), check("writeArray", "[]", "swap-j", "swap-end"),
                check("writeArray", "[]", "swap-j2", "swap-end")),
                placed("swap"));
    }

    @Test
    void aCallThatCannotWriteAFieldBetweenTwoLoadsOfItKeepsThemOneArray() {
        assertEquals(List.of(check("readField", "data", "swapc-read", "swapc-end"), check("writeArray", "[]", "swapc-write", "swapc-end")),
                placed("swapCalling"));
    }

    @Test
    void aCallThatMayWriteAFieldBetweenTwoLoadsOfItMakesThemTwoArrays() {
        // the callee writes it; an override of the callee does; a JDK method calls back a method that writes a field of
        // its name and type; a JDK method is not known to write nothing
        assertAll(Map.of("swapr", "swapResetting", "swapp", "swapPeeking", "swaph", "swapHashing", "swapq", "swapAsking")
                .entrySet().stream().map(e -> () -> assertEquals(List.of(check("readField", "data", e.getKey() + "-read", e.getKey() + "-end"),
                        check("readArray", "[]", e.getKey() + "-read", e.getKey() + "-end"),
                        check("writeArray", "[]", e.getKey() + "-write", e.getKey() + "-end")),
                        placed(e.getValue()), e.getValue())));
    }

    @Test
    void aSynchronizedCallBetweenTwoLoadsOfAFieldMakesThemTwoArrays() {
        // the call acquires: everything owed is checked before it; after it, data may name another array
        assertEquals(List.of(check("readField", "data", "swapl-read", "swapl-call"), check("readArray", "[]", "swapl-read", "swapl-call"),
                check("readField", "data", "swapl-write", "swapl-end"), check("writeArray", "[]", "swapl-write", "swapl-end")),
                placed("swapLocking"));
    }

    @Test
    void reloadsOfAFieldAroundACallThatCannotWriteItNameOneObjectWhoseFieldsCoalesce() {
        assertEquals(List.of(check("readField", "cell", "cell-u", "cell-end"), check("writeField", "u (shadow shared with v, which may not have raced)", "cell-u", "cell-end")),
                placed("fillCell"));
    }

    @Test
    void reloadsOfAFieldNameOneObjectWhoseFieldsCoalesce() {
        assertEquals(List.of(check("readField", "next", "next-x", "next-end"), check("writeField", "x/y/z", "next-x", "next-end")),
                placed("moveNext"));
    }

    @Test
    void aCallThatMaySeeAnInterruptIsAnAcquireWithAHandlerFirstInTheExceptionTable() {
        // f is checked before the sleep; the read after it is in the same epoch (an acquire ticks no clock): covered
        assertEquals(List.of(check("readField", "f", "sleep-read", "sleep")),
                placed("sleeping"));
        MethodNode m = method(subject, "sleeping");
        TryCatchBlockNode first = m.tryCatchBlocks.get(0);
        assertEquals("java/lang/InterruptedException", first.type);
        List<String> handler = new ArrayList<>();
        for (AbstractInsnNode insn = first.handler; insn != null && insn.getOpcode() != Opcodes.ATHROW; insn = insn.getNext()) {
            if (insn instanceof MethodInsnNode call && !TestJars.isThreadStateFetch(call)) {
                handler.add(call.owner + "." + call.name);
            }
        }
        assertEquals(List.of("java/lang/Thread.currentThread", "bigfoot/rt/RT.hbAcquire"), handler);
    }

    @Test
    void aLoadFromAnArrayTheLoopStoresIntoChangesInEveryIteration() {
        List<String> placed = placed("indirect");
        assertTrue(placed.stream().anyMatch(c -> c.startsWith("readArray []@" + line("ind-read") + "@")), placed::toString);
        assertTrue(!placed.contains(check("readArray", "[]", "ind-read", "ind-end")),
                "a[idx[0]] is not one element for the whole loop: " + placed);
    }

    @Test
    void handlersForGrowingOwedSetsRunEachCheckOnce() {
        // five calls each owe one element more than the last: each handler runs its new check, then jumps to the
        // previous one (without chaining: 1 + 2 + 3 + 4 + 5 checks)
        List<String> onThrow = checks("owedGrows").stream().filter(c -> c.endsWith("@throw")).toList();
        assertEquals(5, onThrow.size(), onThrow::toString);
        assertEquals(5, onThrow.stream().distinct().count(), onThrow::toString);
    }

    @Test
    void anExceptionCaughtInTheMethodGetsItsChecksOnTheWayToTheHandler() {
        List<String> placed = checks("caught");
        assertTrue(placed.stream().noneMatch(c -> c.endsWith("@" + line("catch-call"))), "nothing runs before the call: " + placed);
        assertEquals(check("readField", "f", "catch-read", "catch-end"), placed.get(0), placed::toString);
        // the stub: an entry of the handler's type, before the method's own, to code that checks f and jumps to the handler
        MethodNode m = method(subject, "caught");
        TryCatchBlockNode stub = m.tryCatchBlocks.get(0);
        assertEquals("java/lang/IllegalStateException", stub.type);
        assertEquals(m.tryCatchBlocks.get(1).type, stub.type);
        assertTrue(stub.handler != m.tryCatchBlocks.get(1).handler);
        List<String> stubCalls = new ArrayList<>();
        for (AbstractInsnNode n = stub.handler; n.getOpcode() != Opcodes.GOTO; n = n.getNext()) {
            if (n instanceof MethodInsnNode call && call.owner.equals("bigfoot/rt/RT") && !TestJars.isThreadStateFetch(call)) {
                stubCalls.add(call.name);
            }
        }
        assertEquals(List.of("readField"), stubCalls);
        // no handler is reached by a jump too (C1 refuses such a method): the method's own entry goes to a trampoline,
        // a goto to the handler's code, which the stub jumps to as well
        Set<AbstractInsnNode> handlers = new HashSet<>();
        m.tryCatchBlocks.forEach(t -> handlers.add(firstInstruction(t.handler)));
        for (AbstractInsnNode n : m.instructions) {
            if (n instanceof JumpInsnNode jump) {
                assertFalse(handlers.contains(firstInstruction(jump.label)), "a jump to a handler");
            }
        }
        AbstractInsnNode trampoline = firstInstruction(m.tryCatchBlocks.get(1).handler);
        assertEquals(Opcodes.GOTO, trampoline.getOpcode());
        AbstractInsnNode stubGoto = stub.handler;
        while (stubGoto.getOpcode() != Opcodes.GOTO) {
            stubGoto = stubGoto.getNext();
        }
        assertEquals(firstInstruction(((JumpInsnNode) trampoline).label), firstInstruction(((JumpInsnNode) stubGoto).label));
    }

    /** The first real instruction at or after {@code n} (labels, line numbers and frames skipped). */
    private static AbstractInsnNode firstInstruction(AbstractInsnNode n) {
        while (n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    @Test
    void anArrayElementReadThenWrittenIsCheckedOnceAsAWrite() {
        assertEquals(List.of(check("writeArray", "[]", "elem-write", "elem-return")), checks("elements"));
    }

    /**
     * The methods are analysed and the classes rewritten on several threads (all the processors by default); the
     * rewritten jar is the same bytes whatever their number, in every mode that analyses ({@code ParallelRewriteTest}:
     * the warnings too).
     */
    @Test
    void theOutputDoesNotDependOnHowManyThreadsAnalyseTheMethods() throws Exception {
        for (String mode : List.of("bigfoot", "redcard")) {
            byte[] first = null;
            for (String threads : List.of("1", "2", "5")) {
                Path jar = work.resolve("threads-" + mode + "-" + threads + ".jar");
                TestJars.Run r = TestJars.staticbf("--in", in.toString(), "--out", jar.toString(), "--mode", mode,
                        "--elide", "escape", "--threads", threads);
                assertEquals(0, r.exitCode(), r::err);
                byte[] bytes = Files.readAllBytes(jar);
                if (first == null) {
                    first = bytes;
                } else {
                    assertArrayEquals(first, bytes, mode + " on " + threads + " threads");
                }
            }
        }
    }

    /**
     * A field accessor javac writes for a nested class (before Java 11's nestmates) is checked at each call, at the
     * caller's line; its body follows no plan, so it checks nothing itself (a check there would name the accessor's
     * site, and which of the two a race names would depend on the schedule).
     */
    @Test
    void aFieldAccessorsBodyMakesNoCheckItsCallersMake() throws Exception {
        Path src = Files.createDirectories(work.resolve("accessors-src"));
        Path classes = Files.createDirectories(work.resolve("accessors-classes"));
        Path source = Files.writeString(src.resolve("Tally.java"), """
                public class Tally {
                    private int count;
                    private static long sum;
                    class Adder {
                        void add(int n) {
                            count += n;
                            sum += count;
                        }
                    }
                }
                """);
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "8", "-g",
                "-d", classes.toString(), source.toString()));
        Path jar = TestJars.writeJar(work.resolve("accessors.jar"), TestJars.readTree(classes));
        for (String mode : List.of("bigfoot", "redcard", "fasttrack")) {
            Path out = work.resolve("accessors-" + mode + ".jar");
            TestJars.Run r = TestJars.staticbf("--in", jar.toString(), "--out", out.toString(), "--mode", mode);
            assertEquals(0, r.exitCode(), r::err);
            ClassNode tally = classNode(out, "Tally");
            List<MethodNode> accessors = tally.methods.stream().filter(m -> m.name.startsWith("access$")).toList();
            assertTrue(accessors.size() >= 2, "javac wrote the accessors: " + accessors.size());
            for (MethodNode accessor : accessors) {
                assertTrue(TestJars.runtimeCalls(accessor).stream().noneMatch(c -> c.startsWith("read")
                        || c.startsWith("write")), mode + ": " + accessor.name + " " + TestJars.runtimeCalls(accessor));
            }
            List<String> calls = TestJars.runtimeCalls(method(classNode(out, "Tally$Adder"), "add"));
            assertTrue(calls.containsAll(List.of("readField", "writeField", "writeStatic")), mode + ": " + calls);
        }
    }

    /**
     * Runs in one JVM at once (the Maven plugin's instrument goal is thread-safe, so {@code mvn -T} runs several
     * modules' rewrites in the build's JVM together; WALA interns its types, methods and fields JVM-wide) each give
     * the jar a run alone gives.
     */
    @Test
    void runsInOneJvmAtOnceGiveTheJarsOfRunsAlone() throws Exception {
        List<String> modes = List.of("bigfoot", "redcard", "bigfoot", "redcard");
        java.util.Map<String, byte[]> alone = new java.util.HashMap<>();
        for (String mode : List.of("bigfoot", "redcard")) {
            Path jar = work.resolve("alone-" + mode + ".jar");
            TestJars.Run r = TestJars.staticbf("--in", in.toString(), "--out", jar.toString(), "--mode", mode,
                    "--elide", "escape");
            assertEquals(0, r.exitCode(), r::err);
            alone.put(mode, Files.readAllBytes(jar));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(modes.size());
        try {
            List<java.util.concurrent.Future<TestJars.Run>> runs = new java.util.ArrayList<>();
            for (int i = 0; i < modes.size(); i++) {
                Path jar = work.resolve("together-" + i + ".jar");
                String mode = modes.get(i);
                runs.add(pool.submit(() -> TestJars.staticbf("--in", in.toString(), "--out", jar.toString(), "--mode",
                        mode, "--elide", "escape")));
            }
            for (int i = 0; i < modes.size(); i++) {
                TestJars.Run r = runs.get(i).get();
                assertEquals(0, r.exitCode(), r::err);
                assertArrayEquals(alone.get(modes.get(i)), Files.readAllBytes(work.resolve("together-" + i + ".jar")),
                        modes.get(i) + ", run " + i);
            }
        } finally {
            pool.shutdown();
        }
    }
}
