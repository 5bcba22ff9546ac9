package corpus;

/** A static declared in a superclass, bumped through the subclass's name: the report names the declaring class. */
@ExpectRaces("corpus.InheritedStaticBase.total")
public class InheritedStaticRace {
    public static void main(String[] args) throws Exception {
        Runnable body = () -> {
            for (int i = 0; i < 50; i++) {
                InheritedStaticChild.total++; // javac names the subclass as the owner
            }
        };
        Threads.run(body, body);
        System.out.println("total " + InheritedStaticBase.total);
    }
}

class InheritedStaticBase {
    static int total;
}

class InheritedStaticChild extends InheritedStaticBase {
}
