package bigfoot.bench;

import java.nio.file.Path;

/**
 * The staticbf {@code --capsules} value of a rewrite, and the tag it adds to the rewritten jar's name: none (no tag);
 * all, for a kernel's capsule discovery run ({@link CapsuleDiscovery}: {@code -capsules-all}); or the capsule list
 * that run wrote ({@code -capsules-<kernel>}, since each kernel's list differs).
 */
record CapsuleOption(String value, String tag) {

    static final CapsuleOption NONE = new CapsuleOption("none", "");
    static final CapsuleOption ALL = new CapsuleOption("all", "-capsules-all");

    /** The capsule list {@code k}'s discovery run wrote to {@code list}. */
    static CapsuleOption found(Kernel k, Path list) {
        return new CapsuleOption(list.toString(), "-capsules-" + k.name());
    }
}
