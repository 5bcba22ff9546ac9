package bigfoot.rt.trace;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * RAPID's STD trace format: one event a line, {@code T<thread>|<op>(<target>)|<loc>}, with ops {@code r}, {@code w}
 * (variables), {@code acq}, {@code rel} (locks), {@code fork} and {@code join} (whose target is a thread,
 * {@code T<n>}), and this project's {@code vr} and {@code vw} (volatile variables: {@link TraceEvent.Op}). Blank lines
 * and lines starting with {@code #} are skipped. A file whose name ends with {@code .gz} is gzip-compressed.
 */
public final class StdTrace {

    private StdTrace() {
    }

    /** A line that is not an STD event; its message names the line. */
    public static final class FormatException extends Exception {
        public FormatException(String message) {
            super(message);
        }
    }

    /** A trace file to read, gzip-compressed if its name ends with {@code .gz}. */
    public static Reader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            return new InputStreamReader(compressed(file) ? new GZIPInputStream(in, 1 << 16) : in, StandardCharsets.UTF_8);
        } catch (IOException e) {
            in.close();
            throw e;
        }
    }

    /** A trace file to write (made or truncated), gzip-compressed if its name ends with {@code .gz}. */
    public static Writer create(Path file) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        return new BufferedWriter(new OutputStreamWriter(compressed(file) ? new GZIPOutputStream(out, 1 << 16) : out,
                StandardCharsets.UTF_8), 1 << 20);
    }

    private static boolean compressed(Path file) {
        return file.getFileName().toString().endsWith(".gz");
    }

    /** Every event of {@code in}, numbered from 0 in their order. */
    public static List<TraceEvent> read(Reader in) throws IOException, FormatException {
        List<TraceEvent> events = new ArrayList<>();
        BufferedReader lines = new BufferedReader(in);
        int lineNumber = 0;
        for (String line; (line = lines.readLine()) != null; ) {
            lineNumber++;
            String text = line.strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                events.add(parse(text, events.size(), lineNumber));
            }
        }
        return events;
    }

    /** The STD line of {@code e}. */
    public static String format(TraceEvent e) {
        return "T" + e.thread() + "|" + e.op().stdName() + "(" + e.target() + ")|" + e.loc();
    }

    private static TraceEvent parse(String text, int index, int lineNumber) throws FormatException {
        String[] fields = text.split("\\|", -1);
        int open = fields.length == 3 ? fields[1].indexOf('(') : -1;
        if (open <= 0 || !fields[1].endsWith(")") || fields[2].isEmpty()) {
            throw new FormatException("line " + lineNumber + ": not an STD event (T<n>|op(target)|loc): '" + text + "'");
        }
        int thread = threadNumber(fields[0]);
        if (thread < 0) {
            throw new FormatException("line " + lineNumber + ": not a thread (T<n>): '" + fields[0] + "'");
        }
        TraceEvent.Op op = op(fields[1].substring(0, open).toLowerCase(Locale.ROOT));
        if (op == null) {
            throw new FormatException("line " + lineNumber + ": unknown operation '" + fields[1].substring(0, open)
                    + "' (one of r, w, acq, rel, fork, join, vr, vw)");
        }
        String target = fields[1].substring(open + 1, fields[1].length() - 1);
        if (target.isEmpty() || (op == TraceEvent.Op.FORK || op == TraceEvent.Op.JOIN) && threadNumber(target) < 0) {
            throw new FormatException("line " + lineNumber + ": bad target '" + target + "' of " + op.stdName()
                    + (op == TraceEvent.Op.FORK || op == TraceEvent.Op.JOIN ? " (a thread, T<n>)" : ""));
        }
        return new TraceEvent(index, thread, op, target, fields[2]);
    }

    private static TraceEvent.Op op(String name) {
        for (TraceEvent.Op op : TraceEvent.Op.values()) {
            if (op.stdName().equals(name)) {
                return op;
            }
        }
        return null;
    }

    /** The number of thread {@code T<n>}, or -1 if the text is not one. */
    static int threadNumber(String text) {
        if (text.length() < 2 || text.charAt(0) != 'T' || text.length() > 8) {
            return -1;
        }
        for (int i = 1; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return -1;
            }
        }
        return Integer.parseInt(text.substring(1));
    }
}
