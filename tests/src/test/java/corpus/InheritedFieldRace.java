package corpus;

/** A field declared in a superclass, accessed through a subclass reference: the report names the declaring class. */
@ExpectRaces("corpus.InheritedFieldBase.shared")
public class InheritedFieldRace {
    public static void main(String[] args) throws Exception {
        InheritedFieldChild child = new InheritedFieldChild();
        Threads.run(() -> child.shared = 1, () -> {
            child.shared = 2;
            child.own = 3; // only this thread touches own
        });
        System.out.println("shared " + child.shared + " own " + child.own);
    }
}

class InheritedFieldBase {
    int shared;
}

class InheritedFieldChild extends InheritedFieldBase {
    int own;
}
