package bigfoot.staticbf.capsule;

import java.nio.file.Path;

/**
 * What {@code staticbf --capsules} asks for: no capsules ({@code none}, the default), every candidate
 * ({@link CapsuleCandidates}; {@code all}, for a discovery run under {@code dynamicbf --find-capsules}), or the
 * classes a capsule list names ({@code FILE}, as that run wrote it).
 *
 * @param file the capsule list, or null
 */
public record CapsuleSelection(boolean all, Path file) {

    public static final CapsuleSelection NONE = new CapsuleSelection(false, null);
    public static final CapsuleSelection ALL = new CapsuleSelection(true, null);

    public static CapsuleSelection parse(String value) {
        return switch (value) {
            case "none" -> NONE;
            case "all" -> ALL;
            default -> new CapsuleSelection(false, Path.of(value));
        };
    }

    public boolean isNone() {
        return !all && file == null;
    }

    /** The option's value: {@code none}, {@code all} or the file. */
    public String optionValue() {
        return all ? "all" : file == null ? "none" : file.toString();
    }
}
