package bigfoot.rt.report;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Races the user has accepted, from a suppressions file, one rule per line ({@code #} starts a comment):
 * <pre>
 * field demo.Cache.hits          # a race on this field (or array element type: array long[])
 * class demo.legacy.*            # a race whose either access is in a class of demo.legacy
 * method demo.Stats.record       # a race whose either access is in this method
 * race 3f2a9c0d11b7e845          # one race, by the id the reports give it
 * </pre>
 * {@code *} matches any run of characters. A suppressed race is left out of every report and of fail-on-race,
 * and counted in the summary. The same rules come from the rewriter for fields, methods and classes the program
 * marks {@code @IntendedRace} ({@link bigfoot.ir.RuntimeApi#INTENDED_RACES_RESOURCE}). A race on fields sharing a
 * proxy shadow ({@code x/y/z}) is suppressed only when a field rule covers every one of them.
 */
public final class Suppressions {

    private record Rule(String kind, Pattern pattern) {
    }

    public static final Suppressions NONE = new Suppressions(List.of());

    private final List<Rule> rules;

    private Suppressions(List<Rule> rules) {
        this.rules = rules;
    }

    /** The rules of {@code file}; IOException for an unreadable file, IllegalArgumentException naming a bad line. */
    public static Suppressions read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    private static Suppressions parse(List<String> lines, String source) {
        List<Rule> rules = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (text.isEmpty()) {
                continue;
            }
            String[] parts = text.split("\\s+");
            if (parts.length != 2 || !List.of("field", "array", "class", "method", "race").contains(parts[0])) {
                throw new IllegalArgumentException(source + ":" + (n + 1) + ": expected 'field|array|class|method|race PATTERN', got '"
                        + text + "'");
            }
            rules.add(new Rule(parts[0], glob(parts[1])));
        }
        return new Suppressions(rules);
    }

    private static Pattern glob(String pattern) {
        StringBuilder re = new StringBuilder();
        String[] pieces = pattern.split("\\*", -1);
        for (int i = 0; i < pieces.length; i++) {
            re.append(i > 0 ? ".*" : "").append(Pattern.quote(pieces[i]));
        }
        return Pattern.compile(re.toString());
    }

    public boolean suppresses(Race race) {
        Target t = race.target();
        List<String> fields = t.type().equals("array") ? List.of() : fieldMembers(t);
        if (!fields.isEmpty() && fields.stream().allMatch(f -> rules.stream().anyMatch(r -> r.kind().equals("field")
                && r.pattern().matcher(t.className() + "." + f).matches()))) {
            return true;
        }
        for (Rule r : rules) {
            if (!r.kind().equals("field") && matches(r, race)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The fields a field race is on: its field, or every member of a symmetric proxy group ({@code x/y/z}: all of
     * them raced, so all must be suppressed), or the representative of an asymmetric one ({@code a (shadow shared
     * with b, ...)}: a raced).
     */
    private static List<String> fieldMembers(Target t) {
        return t.field() == null ? List.of() : List.of(t.field().split(" ", 2)[0].split("/"));
    }

    /** The rules of every {@code resource} on {@code loader}'s class path (the rewriter's intended races). */
    public static Suppressions onClassPath(ClassLoader loader, String resource) throws IOException {
        List<Rule> rules = new ArrayList<>();
        for (URL url : Collections.list(loader.getResources(resource))) {
            try (InputStream in = url.openStream()) {
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                rules.addAll(parse(text.lines().toList(), url.toString()).rules);
            }
        }
        return new Suppressions(rules);
    }

    /** The rules of both. */
    public Suppressions and(Suppressions other) {
        List<Rule> all = new ArrayList<>(rules);
        all.addAll(other.rules);
        return new Suppressions(all);
    }

    private static boolean matches(Rule r, Race race) {
        Target t = race.target();
        switch (r.kind()) {
            case "array":
                return t.type().equals("array") && r.pattern().matcher(t.className()).matches();
            case "race":
                return r.pattern().matcher(race.id()).matches();
            default:
                for (Race.Access a : List.of(race.previous(), race.current())) {
                    if (a.site() != null && r.pattern().matcher(r.kind().equals("class") ? a.site().className()
                            : a.site().className() + "." + a.site().method()).matches()) {
                        return true;
                    }
                }
                return false;
        }
    }
}
