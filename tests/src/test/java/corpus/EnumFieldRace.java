package corpus;

/** Enum constants (made by the enum's initialiser, race-free to read) carry a mutable counter bumped by two threads. */
@ExpectRaces("corpus.EnumFieldRace$Level.hits")
public class EnumFieldRace {
    enum Level {
        LOW(1), HIGH(10);

        final int weight;
        int hits;

        Level(int weight) {
            this.weight = weight;
        }
    }

    public static void main(String[] args) throws Exception {
        int[] weights = new int[2];
        Threads.run(() -> {
            weights[0] = Level.LOW.weight + Level.HIGH.weight;
            Level.HIGH.hits++;
        }, () -> {
            weights[1] = Level.valueOf("HIGH").weight;
            Level.HIGH.hits++;
        });
        System.out.println("weights " + weights[0] + " " + weights[1] + " hits " + Level.HIGH.hits);
    }
}
