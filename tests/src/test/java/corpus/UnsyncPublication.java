package corpus;

/** Publication through a plain (non-volatile) flag: the reader's reads of both fields are unordered with the writes. */
@ExpectRaces({"corpus.UnsyncPublication.data", "corpus.UnsyncPublication.ready"})
public class UnsyncPublication {
    int data;
    boolean ready;

    public static void main(String[] args) throws Exception {
        UnsyncPublication p = new UnsyncPublication();
        int[] seen = new int[1];
        Threads.run(() -> {
            p.data = 42;
            p.ready = true;
        }, () -> {
            boolean r = p.ready; // no spin: a plain flag gives no ordering, the reader just looks once
            seen[0] = r ? p.data : p.data - 1;
        });
        System.out.println("seen " + seen[0]);
    }
}
