package corpus;

/** Reference arrays: both threads store into names[0] (racy); each also fills its own slot. */
@ExpectRaces("java.lang.String[0]")
public class ObjectArrayRace {
    public static void main(String[] args) throws Exception {
        String[] names = new String[3];
        Threads.run(() -> {
            names[0] = "first";
            names[1] = "one";
        }, () -> {
            names[0] = "second";
            names[2] = "two";
        });
        System.out.println("names " + names[1] + names[2] + (names[0] != null));
    }
}
