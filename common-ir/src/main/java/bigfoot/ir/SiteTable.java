package bigfoot.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The compact text form of one class's sites. The rewriter embeds it as a string constant in the
 * rewritten class, which hands it to the runtime when the class is initialised; the runtime decodes
 * it only when it has a race to report.
 *
 * <pre>
 * header:  className TAB sourceFile-or-empty
 * a site:  NEWLINE method TAB bci TAB line TAB r|w TAB target
 * </pre>
 * Names never contain TAB or NEWLINE in class files javac writes, but the JVM allows them, so both
 * are escaped (as are backslashes).
 */
public final class SiteTable {

    private SiteTable() {
    }

    /** Encodes sites that all belong to one class. Site ids are positions in the list. */
    public static String encode(String className, String sourceFile, List<Site> sites) {
        StringBuilder sb = new StringBuilder();
        sb.append(escape(className)).append('\t').append(sourceFile == null ? "" : escape(sourceFile));
        for (Site s : sites) {
            if (!s.className().equals(className)) {
                throw new IllegalArgumentException("site " + s + " is not in class " + className);
            }
            sb.append('\n').append(escape(s.method())).append('\t').append(s.bci()).append('\t').append(s.line())
              .append('\t').append(s.op().code()).append('\t').append(escape(s.target()));
        }
        return sb.toString();
    }

    /** Decodes a table written by {@link #encode}. */
    public static List<Site> decode(String table) {
        String[] lines = table.split("\n", -1);
        String[] header = lines[0].split("\t", -1);
        if (header.length != 2) {
            throw new IllegalArgumentException("bad site table header: " + lines[0]);
        }
        String className = unescape(header[0]);
        String sourceFile = header[1].isEmpty() ? null : unescape(header[1]);
        List<Site> sites = new ArrayList<>(lines.length - 1);
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split("\t", -1);
            if (f.length != 5 || f[3].length() != 1) {
                throw new IllegalArgumentException("bad site table line " + i + ": " + lines[i]);
            }
            sites.add(new Site(className, sourceFile, unescape(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                    AccessOp.fromCode(f[3].charAt(0)), unescape(f[4])));
        }
        return sites;
    }

    static String escape(String s) {
        if (s.indexOf('\\') < 0 && s.indexOf('\t') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                sb.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
