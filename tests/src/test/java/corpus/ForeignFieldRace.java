package corpus;

import java.io.StreamTokenizer;
import java.io.StringReader;

/**
 * App code writes public fields of a JDK class (java.io.StreamTokenizer, not rewritten): nval is
 * written by two threads (racy); ttype is written by the parent before the threads start (ordered).
 */
@ExpectRaces("java.io.StreamTokenizer.nval")
public class ForeignFieldRace {
    public static void main(String[] args) throws Exception {
        StreamTokenizer tok = new StreamTokenizer(new StringReader(""));
        tok.ttype = StreamTokenizer.TT_NUMBER;
        double[] seen = new double[2];
        Threads.run(() -> {
            tok.nval = 1.0;
            seen[0] = tok.ttype;
        }, () -> {
            tok.nval = 2.0;
            seen[1] = tok.ttype;
        });
        System.out.println("nval " + tok.nval + " ttype " + seen[0] + " " + seen[1]);
    }
}
