package corpus;

/** Anonymous Runnables bump the outer object's private field (nestmate access); each one's own field is private to it. */
@ExpectRaces("corpus.AnonymousClassRace.hits")
public class AnonymousClassRace {
    private int hits;

    Runnable worker() {
        return new Runnable() {
            private int calls;

            @Override
            public void run() {
                for (int i = 0; i < 50; i++) {
                    calls++;
                    hits++;
                }
            }
        };
    }

    public static void main(String[] args) throws Exception {
        AnonymousClassRace outer = new AnonymousClassRace();
        Threads.run(outer.worker(), outer.worker());
        System.out.println("hits " + outer.hits);
    }
}
