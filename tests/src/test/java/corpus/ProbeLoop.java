package corpus;

/**
 * An open-addressing probe (lucene's TermsHashPerField.add): a do-while loop leaves in its middle and reads
 * {@code table[h]} with {@code h} computed in the body. Every probe's read must be checked before the
 * synchronized call after the loop, not only the last one (the next iteration's {@code table[h]} is another
 * element). Race-free: the table is filled before the readers start.
 */
@ExpectRaces({})
public class ProbeLoop {
    final Object[] table = new Object[64];
    int found;

    synchronized void note(int h) {
        found += h;
    }

    void probe(int code) {
        int h = code & 63;
        Object p = table[h];
        if (p != null) {
            int inc = ((code >> 8) + code) | 1;
            do {
                code += inc;
                h = code & 63;
                p = table[h];
            } while (p != null && p.hashCode() != code);
        }
        note(h);
    }

    public static void main(String[] args) throws Exception {
        ProbeLoop s = new ProbeLoop();
        for (int i = 0; i < 60; i++) {
            s.table[(i * 7) & 63] = "entry" + i;
        }
        Runnable reader = () -> {
            for (int code = 0; code < 200; code++) {
                s.probe(code);
            }
        };
        Threads.run(reader, reader);
        System.out.println(s.found);
    }
}
