package loadtime;

/** A racy counter that is left out of the jar StaticBF rewrites: only load-time rewriting checks it. */
public class Tally {
    int count;

    void add() {
        count++;
    }
}
