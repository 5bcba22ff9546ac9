package bigfoot.tests;

import bigfoot.ir.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.TreeSet;

/**
 * The runtime's JSON report, read strictly against the agreed schema: a missing or mistyped member is
 * an error naming its path (e.g. {@code races[0].current.site.line}). {@code violations} is null unless the
 * run was in verify mode (a {@code --verify-placement} jar); then the summary's count must match it.
 * {@code capsuleViolations} is empty unless the report lists some (a {@code --capsules} jar), and then counted in the
 * summary too.
 */
record RaceReport(List<Race> races, List<CapsuleViolation> capsuleViolations, List<Violation> violations,
        Summary summary) {

    static final Set<String> KINDS = Set.of("write-write", "write-read", "read-write", "shared-write");

    record Race(String kind, Target target, Access previous, Access current) {
        String location() {
            return target.location();
        }
    }

    record Target(String type, String className, String field, Long index) {
        /** How an asymmetric proxy group names its shadow: {@code x (shadow shared with y/z, which may not have raced)}. */
        private static final Pattern ASYMMETRIC = Pattern.compile("(\\S+) \\(shadow shared with (\\S+), which may not have raced\\)");

        /**
         * The fields a race on this target certainly involves: each of a symmetric proxy group {@code x/y/z}, only
         * the representative of an asymmetric one; else {@link #location()}.
         */
        Set<String> certain() {
            Matcher m = ASYMMETRIC.matcher(type.equals("array") ? "" : field);
            if (m.matches()) {
                return Set.of(className + "." + m.group(1));
            }
            return type.equals("array") ? Set.of(location()) : fields(field);
        }

        /** {@link #certain()} and the fields that share an asymmetric group's shadow, which may have raced. */
        Set<String> possible() {
            Matcher m = ASYMMETRIC.matcher(type.equals("array") ? "" : field);
            if (!m.matches()) {
                return certain();
            }
            Set<String> all = new TreeSet<>(certain());
            all.addAll(fields(m.group(2)));
            return all;
        }

        private Set<String> fields(String names) {
            Set<String> out = new TreeSet<>();
            for (String f : names.split("/")) {
                out.add(className + "." + f);
            }
            return out;
        }

        /** {@code class.field}, or for an array element its element type and index: {@code int[]} index 3 is {@code int[3]}. */
        String location() {
            if (!type.equals("array")) {
                return className + "." + field;
            }
            if (!className.endsWith("[]")) {
                throw new IllegalArgumentException("array target type is not an array type: " + className);
            }
            return className.substring(0, className.length() - 2) + "[" + index + "]";
        }
    }

    /** {@code started}: where the thread was started ({@code by "main" at ...}), or null if the report does not say. */
    record Access(String thread, String op, SiteRef site, String started) {
    }

    /** A capsule violation: the capsule class, its kind and both activations (their first field accesses). */
    record CapsuleViolation(String className, String kind, Access previous, Access current) {
    }

    /** A placement violation: kind "uncovered-access" (site of the access) or "illegitimate-check" (of the check). */
    record Violation(String kind, String thread, Target target, SiteRef site) {
    }

    record SiteRef(String className, String method, String file, long line) {
    }

    /** {@code complete} is false if the runtime disabled detection or skipped events: the verdict is then partial. */
    record Summary(long races, long checks, long threads, boolean complete) {
    }

    static RaceReport read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    static RaceReport parse(String json) {
        Node root = new Node("report", Json.parse(json));
        List<Race> races = new ArrayList<>();
        List<Node> raceNodes = root.get("races").list();
        for (Node r : raceNodes) {
            races.add(new Race(r.get("kind").string(), target(r.get("target")), access(r.get("previous")),
                    access(r.get("current"))));
        }
        Node s = root.get("summary");
        Summary summary = new Summary(s.get("races").number(), s.get("checks").number(), s.get("threads").number(),
                s.get("complete").bool());
        List<CapsuleViolation> capsules = new ArrayList<>();
        if (root.has("capsuleViolations")) {
            for (Node c : root.get("capsuleViolations").list()) {
                capsules.add(new CapsuleViolation(c.get("class").string(), c.get("kind").string(),
                        access(c.get("previous")), access(c.get("current"))));
            }
            if (s.get("capsuleViolations").number() != capsules.size()) {
                throw new IllegalArgumentException("summary.capsuleViolations differs from the capsule violations listed");
            }
        }
        List<Violation> violations = null;
        if (root.has("violations")) {
            violations = new ArrayList<>();
            for (Node v : root.get("violations").list()) {
                violations.add(new Violation(v.get("kind").string(), v.get("thread").string(), target(v.get("target")),
                        site(v.get("site"))));
            }
            if (s.get("violations").number() != violations.size()) {
                throw new IllegalArgumentException("summary.violations differs from the violations listed");
            }
        }
        return new RaceReport(List.copyOf(races), List.copyOf(capsules), violations == null ? null : List.copyOf(violations),
                summary);
    }

    /** The racy locations: fields sharing a proxy shadow stand for themselves ({@link Target#certain()}). */
    Set<String> locations() {
        Set<String> out = new TreeSet<>();
        races.forEach(r -> out.addAll(r.target().certain()));
        return out;
    }

    /** The classes a capsule violation names. */
    Set<String> violatedCapsules() {
        Set<String> out = new TreeSet<>();
        capsuleViolations.forEach(c -> out.add(c.className()));
        return out;
    }

    /** The racy locations and those that may have raced with them (asymmetric proxy groups: {@link Target#possible()}). */
    Set<String> possibleLocations() {
        Set<String> out = new TreeSet<>();
        races.forEach(r -> out.addAll(r.target().possible()));
        return out;
    }

    private static Target target(Node t) {
        String type = t.get("type").string();
        if (type.equals("array")) {
            t.get("field").requireNull();
            return new Target(type, t.get("class").string(), null, t.get("index").number());
        }
        if (!type.equals("field") && !type.equals("static")) {
            throw new IllegalArgumentException(t.path + ".type: unknown target type " + type);
        }
        t.get("index").requireNull();
        return new Target(type, t.get("class").string(), t.get("field").string(), null);
    }

    private static Access access(Node a) {
        return new Access(a.get("thread").string(), a.get("op").string(), site(a.get("site")),
                a.has("started") ? a.get("started").string() : null);
    }

    private static SiteRef site(Node site) {
        return new SiteRef(site.get("class").string(), site.get("method").string(), site.get("file").string(),
                site.get("line").number());
    }

    /** A JSON value with the path that reached it, for precise schema errors. */
    private record Node(String path, Object value) {
        Node get(String key) {
            if (!(value instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException(path + " is not an object");
            }
            if (!map.containsKey(key)) {
                throw new IllegalArgumentException(path + " lacks \"" + key + "\"");
            }
            return new Node(path + "." + key, map.get(key));
        }

        boolean has(String key) {
            return value instanceof Map<?, ?> map && map.containsKey(key);
        }

        List<Node> list() {
            if (!(value instanceof List<?> items)) {
                throw new IllegalArgumentException(path + " is not an array");
            }
            List<Node> nodes = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                nodes.add(new Node(path + "[" + i + "]", items.get(i)));
            }
            return nodes;
        }

        String string() {
            if (!(value instanceof String s)) {
                throw new IllegalArgumentException(path + " is not a string: " + value);
            }
            return s;
        }

        boolean bool() {
            if (!(value instanceof Boolean b)) {
                throw new IllegalArgumentException(path + " is not a boolean: " + value);
            }
            return b;
        }

        long number() {
            if (!(value instanceof Long n)) {
                throw new IllegalArgumentException(path + " is not an integer: " + value);
            }
            return n;
        }

        void requireNull() {
            if (value != null) {
                throw new IllegalArgumentException(path + " should be null: " + value);
            }
        }
    }
}
