package corpus;

/** Two threads only ever write the field: whatever the order, the race is write-write. */
@ExpectRaces(value = "corpus.WriteWriteRace.value", kinds = "write-write")
public class WriteWriteRace {
    static int value;

    public static void main(String[] args) throws Exception {
        Threads.run(() -> value = 1, () -> value = 2);
        System.out.println("value " + value);
    }
}
