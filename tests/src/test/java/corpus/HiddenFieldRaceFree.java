package corpus;

/** A subclass field hides a superclass field of the same name: they are two variables, so writing each from a different thread is no race. */
@ExpectRaces({})
public class HiddenFieldRaceFree {
    public static void main(String[] args) throws Exception {
        HiddenFieldChild child = new HiddenFieldChild();
        HiddenFieldBase asBase = child;
        Threads.run(() -> asBase.x = 1, () -> child.x = 2);
        System.out.println("base " + asBase.x + " child " + child.x);
    }
}

class HiddenFieldBase {
    int x;
}

class HiddenFieldChild extends HiddenFieldBase {
    int x;
}
