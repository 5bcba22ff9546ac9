package corpus;

/**
 * Races marked {@code @IntendedRace} are left out of the report: on a field ({@code hits}), and any race with an
 * access in a marked method ({@code sample}, whose read of {@code total} races with {@code add}). The unmarked
 * {@code misses} races too, and is reported. No synchronisation at all, so every race happens in every schedule.
 */
@ExpectRaces("corpus.IntendedRaceAnnotated.misses")
public class IntendedRaceAnnotated {
    @IntendedRace("a statistic: a lost update is acceptable")
    int hits;
    int misses;
    int total;

    void hit() {
        hits++;
    }

    void miss() {
        misses++;
    }

    void add(int n) {
        total += n;
    }

    @IntendedRace
    int sample() {
        return total;
    }

    public static void main(String[] args) throws Exception {
        IntendedRaceAnnotated s = new IntendedRaceAnnotated();
        int[] seen = new int[1];
        Threads.run(() -> {
            s.hit();
            s.miss();
            s.add(1);
        }, () -> {
            s.hit();
            s.miss();
            seen[0] = s.sample();
        });
        System.out.println(s.hits + s.misses + " " + (seen[0] >= 0));
    }
}
