package bigfoot.staticbf;

import bigfoot.staticbf.daemon.DaemonFiles;
import bigfoot.staticbf.daemon.DaemonServer;
import java.nio.file.Path;

/** The daemon process that {@code staticbf --daemon} starts: {@code StaticBfDaemon DIR KEY IDLE_SECONDS}. */
public final class StaticBfDaemon {

    private StaticBfDaemon() {
    }

    public static void main(String[] args) {
        boolean served = DaemonServer.serve(new DaemonFiles(Path.of(args[0]), args[1]), Long.parseLong(args[2]),
                StaticBF::runHere);
        System.exit(served ? 0 : 1); // threads a run left (the analysis' pools) do not keep an ended daemon alive
    }
}
