package bigfoot.staticbf;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One method as javap prints it: instruction text by bci, and its line number table. */
record JavapMethod(Map<Integer, String> instructions, Map<Integer, Integer> lineByStartBci) {

    private static final Pattern INSN = Pattern.compile("^\\s+(\\d+): (.*)$");
    private static final Pattern LINE = Pattern.compile("^\\s+line (\\d+): (\\d+)$");

    /** Parses the method whose javap header contains {@code " " + name + "("}. */
    static JavapMethod parse(String javap, String name) {
        Map<Integer, String> insns = new TreeMap<>();
        Map<Integer, Integer> lines = new TreeMap<>();
        boolean inMethod = false;
        for (String line : javap.split("\\R")) {
            if (line.startsWith("  ") && !line.startsWith("   ") && line.contains("(")) {
                inMethod = line.contains(" " + name + "(");
                continue;
            }
            if (!inMethod) {
                continue;
            }
            Matcher l = LINE.matcher(line);
            Matcher i = INSN.matcher(line);
            if (l.matches()) {
                lines.put(Integer.parseInt(l.group(2)), Integer.parseInt(l.group(1)));
            } else if (i.matches()) {
                insns.put(Integer.parseInt(i.group(1)), i.group(2));
            }
        }
        if (insns.isEmpty()) {
            throw new AssertionError("method " + name + " not in javap output");
        }
        return new JavapMethod(insns, lines);
    }

    /** The source line of a bci: the line table entry with the greatest start not after it. */
    int lineOf(int bci) {
        return ((TreeMap<Integer, Integer>) lineByStartBci).floorEntry(bci).getValue();
    }
}
