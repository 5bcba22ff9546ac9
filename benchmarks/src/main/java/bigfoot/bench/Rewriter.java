package bigfoot.bench;

import bigfoot.staticbf.StaticBF;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Rewrites the kernel jar with the real StaticBF command line, in-process. */
final class Rewriter {

    private Rewriter() {
    }

    /** Rewrites {@code in} to {@code out} in placement {@code mode}, optionally for placement verification. */
    static Path rewrite(Path in, Path out, String mode, boolean verifyPlacement) throws IOException {
        return rewrite(in, out, mode, "proxies", verifyPlacement);
    }

    /** As {@link #rewrite(Path, Path, String, boolean)}, with {@code fields} the staticbf --fields option. */
    static Path rewrite(Path in, Path out, String mode, String fields, boolean verifyPlacement) throws IOException {
        List<String> args = new ArrayList<>(List.of("--in", in.toString(), "--out", out.toString(), "--mode", mode,
                "--fields", fields));
        if (verifyPlacement) {
            args.add("--verify-placement");
        }
        int status = StaticBF.run(args.toArray(String[]::new), System.out, System.err);
        if (status != 0) {
            throw new IOException("staticbf failed on " + in + " in mode " + mode + " (status " + status + ")");
        }
        return out;
    }
}
