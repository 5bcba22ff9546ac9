package corpus;

/**
 * Rhodes's dissertation, chapter 4, Fig 4.2: thread 1 writes {@code f} of an object before publishing it by a racy
 * write, and thread 2, having read the reference racily, writes {@code f} too. Both races are real and both are
 * reported: the one on the publication, and the one on {@code f}. A filter that skips the checks of objects that have
 * not escaped yet would skip thread 1's write and miss the race on {@code f}; it may (the chapter's partial check
 * elision is trace-precise, not address-precise), but never the first race, the publication.
 */
@ExpectRaces(value = {"corpus.EscapeLaterRace.published", "corpus.EscapeLaterRace$Ref.f"},
        afterAnotherRace = "corpus.EscapeLaterRace$Ref.f")
public class EscapeLaterRace {
    static Ref published;

    static final class Ref {
        int f;
    }

    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> {
            Ref r1 = new Ref();
            r1.f = 11;
            published = r1;
        });
        Thread other = new Thread(() -> {
            Ref r1;
            do {
                r1 = published;
                Thread.yield();
            } while (r1 == null);
            r1.f = 12;
        });
        other.start();
        writer.start();
        writer.join();
        other.join();
        System.out.println("f " + published.f);
    }
}
