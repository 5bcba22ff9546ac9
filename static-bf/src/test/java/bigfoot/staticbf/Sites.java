package bigfoot.staticbf;

import bigfoot.ir.Site;
import bigfoot.ir.SiteTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.spi.ToolProvider;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Test support: the site table embedded in a rewritten class, and the site ids its checks pass. */
final class Sites {

    static final Set<String> CHECKS = Set.of("readField", "writeField", "readStatic", "writeStatic", "readArray",
            "writeArray", "readElement", "writeElement", "readArrayRange", "writeArrayRange", "readForeign",
            "writeForeign");

    /**
     * The check a runtime call makes, by the name of its entry point: an element check in a loop, which finds its
     * array's shadow through two locals ({@code readElement}), is the array check it stands for ({@code readArray}).
     */
    static String checkName(String entry) {
        return switch (entry) {
            case "readElement" -> "readArray";
            case "writeElement" -> "writeArray";
            default -> entry;
        };
    }

    private Sites() {
    }

    /** Decodes the table {@code <clinit>} hands to registerSites (joining split constants). */
    static List<Site> table(ClassNode c) {
        StringBuilder table = new StringBuilder();
        for (AbstractInsnNode insn : TestJars.method(c, "<clinit>").instructions) {
            if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof String s) {
                table.append(s);
            }
            if (insn instanceof MethodInsnNode call && call.name.equals("registerSites")) {
                return SiteTable.decode(table.toString());
            }
        }
        throw new AssertionError("no registerSites call in " + c.name);
    }

    /** A check call and the local site id it passes. */
    record Check(String entry, int siteId) {
    }

    /** Every check call of the method, in code order, with the local id pushed before {@code __bf$sb + id}. */
    static List<Check> checks(MethodNode m) {
        List<Check> checks = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.owner.equals("bigfoot/rt/RT") && CHECKS.contains(call.name)) {
                AbstractInsnNode prev = call.getPrevious();
                int id;
                if (prev.getOpcode() == Opcodes.GETSTATIC) {
                    id = 0;
                } else {
                    AbstractInsnNode push = prev.getPrevious();
                    id = push instanceof IntInsnNode i ? i.operand
                            : push instanceof LdcInsnNode l ? (Integer) l.cst : push.getOpcode() - Opcodes.ICONST_0;
                }
                checks.add(new Check(checkName(call.name), id));
            }
        }
        return checks;
    }

    /** The 1-based line of {@code source} that ends with the marker comment {@code // @marker}. */
    static int markedLine(String source, String marker) {
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].endsWith("// @" + marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no marker " + marker);
    }

    /** {@code javap -c -l -p} of a class file, independent of ASM. */
    static String javap(Path classFile) {
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintWriter w = new PrintWriter(out, true, StandardCharsets.UTF_8);
        int rc = javap.run(w, w, "-c", "-l", "-p", classFile.toString());
        if (rc != 0) {
            throw new AssertionError("javap failed: " + out);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
