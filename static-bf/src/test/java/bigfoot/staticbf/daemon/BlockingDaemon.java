package bigfoot.staticbf.daemon;

import java.nio.file.Path;

/** A daemon whose runs never end, for {@link DaemonTest}: {@code BlockingDaemon DIR KEY}. */
public final class BlockingDaemon {

    private BlockingDaemon() {
    }

    public static void main(String[] args) {
        DaemonServer.serve(new DaemonFiles(Path.of(args[0]), args[1]), 60, (a, out, err, terminal) -> {
            out.println("started");
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        });
    }
}
