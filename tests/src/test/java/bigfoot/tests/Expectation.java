package bigfoot.tests;

import corpus.ExpectRaces;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a corpus program declares in its {@link ExpectRaces}: one group of racy locations per entry
 * (array index lists and ranges expanded), the exit code and the allowed race kinds.
 *
 * <p>The runtime reports a race once per (site, site, kind), so a loop racing on many elements
 * reports one of them, and which one depends on the schedule. A group is therefore met when at least
 * one of its locations is reported; a reported location outside every group is a false alarm.
 */
record Expectation(List<Set<String>> groups, Set<Set<String>> afterAnotherRace, Map<String, String> protectedArrays,
        int exitCode, Set<String> kinds, boolean mayBeIncomplete) {

    /** {@code type[items]} where items are indices or ranges {@code lo..hi}, comma-separated; type may hold brackets. */
    private static final Pattern ARRAY = Pattern.compile("(.+)\\[(\\d+(?:\\.\\.\\d+)?(?:,\\d+(?:\\.\\.\\d+)?)*)]");

    static Expectation of(ExpectRaces a) {
        List<Set<String>> groups = new ArrayList<>();
        for (String entry : a.value()) {
            groups.add(group(entry));
        }
        Set<Set<String>> later = new LinkedHashSet<>();
        for (String entry : a.afterAnotherRace()) {
            Set<String> group = group(entry);
            if (!groups.contains(group)) {
                throw new IllegalArgumentException("afterAnotherRace entry " + entry + " is not one of the racy locations");
            }
            later.add(group);
        }
        Map<String, String> protectedArrays = new TreeMap<>();
        for (String entry : a.protectedArrays()) {
            String[] parts = entry.split(" ");
            Set<String> group = group(parts[0]);
            if (parts.length != 2 || !groups.contains(group)) {
                throw new IllegalArgumentException("protectedArrays entry " + entry + " is not a racy location and a class");
            }
            group.forEach(location -> protectedArrays.put(location, parts[1]));
        }
        return new Expectation(List.copyOf(groups), Set.copyOf(later), Map.copyOf(protectedArrays), a.exitCode(),
                Set.of(a.kinds()), a.mayBeIncomplete());
    }

    /**
     * The capsule class whose violation a race on {@code location} shows as with capsules: a field's declaring class,
     * or for an element of a protected array the class {@link ExpectRaces#protectedArrays} names; null for another
     * array element.
     */
    String capsuleOf(String location) {
        if (ARRAY.matcher(location).matches()) {
            return protectedArrays.get(location);
        }
        int dot = location.lastIndexOf('.');
        return dot > 0 ? location.substring(0, dot) : null;
    }

    /** Every location some group allows. */
    Set<String> allowed() {
        Set<String> all = new TreeSet<>();
        groups.forEach(all::addAll);
        return all;
    }

    /** The groups none of whose locations was reported. */
    List<Set<String>> unmet(Set<String> reported) {
        return groups.stream().filter(g -> g.stream().noneMatch(reported::contains)).toList();
    }

    /**
     * The groups none of whose locations was reported by a trace-precise detector, which may miss the races that
     * only follow another race ({@link ExpectRaces#afterAnotherRace}).
     */
    List<Set<String>> unmetTracePrecise(Set<String> reported) {
        return unmet(reported).stream().filter(g -> !afterAnotherRace.contains(g)).toList();
    }

    /** The locations one entry stands for: itself for a field, each listed index for an array. */
    static Set<String> group(String entry) {
        Matcher m = ARRAY.matcher(entry);
        if (!m.matches()) {
            return Set.of(entry);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String item : m.group(2).split(",")) {
            String[] bounds = item.split("\\.\\.");
            int lo = Integer.parseInt(bounds[0]);
            int hi = Integer.parseInt(bounds[bounds.length - 1]);
            if (hi < lo) {
                throw new IllegalArgumentException("empty range in " + entry);
            }
            for (int i = lo; i <= hi; i++) {
                out.add(m.group(1) + "[" + i + "]");
            }
        }
        return out;
    }
}
