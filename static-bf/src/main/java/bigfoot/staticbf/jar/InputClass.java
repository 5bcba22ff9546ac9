package bigfoot.staticbf.jar;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassInfo;
import org.objectweb.asm.Opcodes;

/** A class file entry of the input jar and what this run does with it. */
record InputClass(String entryName, byte[] bytes, ClassInfo info, Treatment treatment) {

    enum Treatment {
        /** Rewritten (or copied if it turns out to need nothing). */
        REWRITE,
        /** Copied as is: module-info, package-info, the runtime's and the contract's own classes. */
        SKIP,
        /** Copied as is: it has {@code __bf$sb}, so an earlier run rewrote it. */
        ALREADY_INSTRUMENTED
    }

    private static final String[] NOT_INSTRUMENTED_PACKAGES = {"bigfoot/rt/", "bigfoot/ir/"};

    static InputClass of(String entryName, byte[] bytes, ClassInfo info) {
        return new InputClass(entryName, bytes, info, treatmentOf(info));
    }

    boolean isVersioned() {
        return entryName.startsWith(InputJar.VERSIONS_PREFIX);
    }

    private static Treatment treatmentOf(ClassInfo info) {
        String name = info.name();
        if ((info.access() & Opcodes.ACC_MODULE) != 0 || name.equals("package-info")
                || name.endsWith("/package-info")) {
            return Treatment.SKIP;
        }
        for (String pkg : NOT_INSTRUMENTED_PACKAGES) {
            if (name.startsWith(pkg)) {
                return Treatment.SKIP;
            }
        }
        return info.fields().stream().anyMatch(f -> f.name().equals(RuntimeApi.SITE_BASE_FIELD))
                ? Treatment.ALREADY_INSTRUMENTED : Treatment.REWRITE;
    }
}
