package corpus;

/** One thread writes, another reads: a write-read or read-write race depending on which runs first. */
@ExpectRaces(value = "corpus.WriteReadRace.value", kinds = {"write-read", "read-write"})
public class WriteReadRace {
    static int value;
    static int copy;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> value = 1, () -> copy = value);
        System.out.println("copy " + copy);
    }
}
