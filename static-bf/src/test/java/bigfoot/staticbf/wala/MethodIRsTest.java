package bigfoot.staticbf.wala;

import bigfoot.staticbf.TestJars;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAMonitorInstruction;
import com.ibm.wala.ssa.SSANewInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SSA instruction -> bytecode index -> source line, checked against what javap prints for the same class. */
class MethodIRsTest {
    private static final String SOURCE = """
            package ir;
            public class Shapes {
                int size;
                static int total;
                int[] cells = new int[8];

                int fill(int v) {
                    int n = 0;
                    for (int i = 0; i < cells.length; i++) {
                        cells[i] = v + i;
                        n += cells[i];
                    }
                    size = n;
                    return n;
                }

                void guarded(Object lock) {
                    synchronized (lock) {
                        total = total
                            + size;
                    }
                    System.out.println(
                        "done");
                }

                abstract static class Shape { abstract double area(); }
            }
            """;

    @TempDir
    static Path dir;
    static WalaProgram program;
    static MethodIRs irs;
    static String javap;

    @BeforeAll
    static void compile() throws Exception {
        program = WalaProgram.load(WalaProgram.Input.of(List.of(TestJars.compileToJar(dir, "ir.jar", Map.of("ir.Shapes", SOURCE)))));
        irs = new MethodIRs(program);
        StringWriter out = new StringWriter();
        int rc = java.util.spi.ToolProvider.findFirst("javap").orElseThrow().run(new PrintWriter(out), new PrintWriter(out),
                "-c", "-l", "-p", "-cp", dir.resolve("classes-ir.jar").toString(), "ir.Shapes");
        assertEquals(0, rc, out.toString());
        javap = out.toString();
    }

    @Test
    void fieldArrayAndCallInstructionsMapToJavapsBytecodeAndLines() {
        checkAgainstJavap("fill", 6);
        checkAgainstJavap("guarded", 5);
    }

    @Test
    void linesAreTheSourceLinesAUserSees() {
        IR ir = irs.ir(method("guarded")).orElseThrow();
        Map<String, Integer> lineOf = new TreeMap<>();
        for (SSAInstruction insn : ir.getInstructions()) {
            if (insn instanceof SSAMonitorInstruction monitor && monitor.isMonitorEnter()) {
                lineOf.put("monitorenter", MethodIRs.position(ir, insn).orElseThrow().line());
            } else if (insn instanceof SSAAbstractInvokeInstruction call) {
                lineOf.put(call.getDeclaredTarget().getName().toString(), MethodIRs.position(ir, insn).orElseThrow().line());
            }
        }
        assertEquals(Map.of("monitorenter", sourceLine("synchronized (lock)"), "println", sourceLine("System.out.println(")), lineOf);
    }

    private static int sourceLine(String text) {
        List<String> lines = SOURCE.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text);
    }

    @Test
    void instructionsWithoutBytecodeHaveNoPosition() {
        IR ir = irs.ir(method("fill")).orElseThrow();
        assertTrue(ir.iteratePhis().hasNext(), "the loop makes phis");
        ir.iteratePhis().forEachRemaining(phi -> assertTrue(MethodIRs.position(ir, phi).isEmpty()));
    }

    @Test
    void abstractMethodsHaveNoIR() {
        IMethod area = program.applicationClasses().stream().filter(c -> c.getName().toString().endsWith("$Shape"))
                .flatMap(c -> c.getDeclaredMethods().stream()).filter(m -> m.getName().toString().equals("area"))
                .findFirst().orElseThrow();
        assertTrue(irs.ir(area).isEmpty());
    }

    /** Every positioned instruction sits at a javap offset of the right kind, on javap's line for that offset. */
    private static void checkAgainstJavap(String name, int minimumChecked) {
        Javap listing = Javap.of(javap, name);
        IR ir = irs.ir(method(name)).orElseThrow();
        int checked = 0;
        for (SSAInstruction insn : ir.getInstructions()) {
            String kind = expectedMnemonic(insn);
            if (insn == null || kind == null) {
                continue;
            }
            MethodIRs.Position pos = MethodIRs.position(ir, insn).orElseThrow(() -> new AssertionError("no position: " + insn));
            String mnemonic = listing.mnemonics.get(pos.bytecodeIndex());
            assertNotNull(mnemonic, "no bytecode at " + pos.bytecodeIndex() + " for " + insn);
            assertTrue(mnemonic.matches(kind), insn + " at " + pos.bytecodeIndex() + " is " + mnemonic + ", expected " + kind);
            assertEquals(listing.lineAt(pos.bytecodeIndex()), pos.line(), "line of " + insn);
            checked++;
        }
        assertTrue(checked >= minimumChecked, "checked only " + checked + " instructions of " + name);
    }

    private static String expectedMnemonic(SSAInstruction insn) {
        if (insn instanceof SSAGetInstruction) {
            return "get(field|static)";
        } else if (insn instanceof SSAPutInstruction) {
            return "put(field|static)";
        } else if (insn instanceof SSAArrayLoadInstruction) {
            return ".aload";
        } else if (insn instanceof SSAArrayStoreInstruction) {
            return ".astore";
        } else if (insn instanceof SSAAbstractInvokeInstruction) {
            return "invoke.*";
        } else if (insn instanceof SSAMonitorInstruction) {
            return "monitor(enter|exit)";
        } else if (insn instanceof SSANewInstruction) {
            return "new|newarray|anewarray";
        }
        return null;
    }

    private static IMethod method(String name) {
        return program.applicationMethods().stream().filter(m -> m.getName().toString().equals(name)).findFirst().orElseThrow();
    }

    /** One method's code and line table from javap -c -l. */
    private record Javap(Map<Integer, String> mnemonics, TreeMap<Integer, Integer> lines) {
        private static final Pattern HEADER = Pattern.compile("^  \\S.*\\b(\\w+)\\(.*\\);$");
        private static final Pattern CODE = Pattern.compile("^\\s+(\\d+): (\\w+).*");
        private static final Pattern LINE = Pattern.compile("^\\s+line (\\d+): (\\d+)$");

        static Javap of(String output, String method) {
            Map<Integer, String> mnemonics = new TreeMap<>();
            TreeMap<Integer, Integer> lines = new TreeMap<>();
            boolean inside = false;
            for (String line : output.split("\\R")) {
                Matcher header = HEADER.matcher(line);
                if (header.matches()) {
                    inside = header.group(1).equals(method);
                    continue;
                }
                Matcher code = CODE.matcher(line);
                Matcher entry = LINE.matcher(line);
                if (inside && entry.matches()) {
                    lines.put(Integer.parseInt(entry.group(2)), Integer.parseInt(entry.group(1)));
                } else if (inside && code.matches()) {
                    mnemonics.put(Integer.parseInt(code.group(1)), code.group(2));
                }
            }
            assertTrue(!mnemonics.isEmpty() && !lines.isEmpty(), "javap shows no code for " + method);
            return new Javap(mnemonics, lines);
        }

        int lineAt(int bytecodeIndex) {
            return lines.floorEntry(bytecodeIndex).getValue();
        }
    }
}
