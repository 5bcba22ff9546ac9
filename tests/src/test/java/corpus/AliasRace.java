package corpus;

/** Two variables naming the same array and the same object: accesses through either alias conflict. */
@ExpectRaces({"int[2]", "corpus.AliasRaceNode.val"})
public class AliasRace {
    public static void main(String[] args) throws Exception {
        int[] a = new int[4];
        int[] b = a;
        AliasRaceNode n1 = new AliasRaceNode();
        AliasRaceNode n2 = n1;
        int[] seen = new int[1];
        Threads.run(() -> {
            a[2] = 1;
            n1.val = 5;
        }, () -> {
            b[2] = 2;
            seen[0] = n2.val;
        });
        System.out.println("a[2] " + a[2] + " seen " + seen[0]);
    }
}

class AliasRaceNode {
    int val;
}
