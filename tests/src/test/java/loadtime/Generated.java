package loadtime;

/**
 * A class the test ships only as bytes ({@code loadtime/Generated.bin}), as a proxy generator would make it: its
 * loader defines it with no class file to look up. Two threads call {@link #add} without synchronisation.
 */
public class Generated implements Runnable {
    private int count;

    @Override
    public void run() {
        count++;
    }
}
