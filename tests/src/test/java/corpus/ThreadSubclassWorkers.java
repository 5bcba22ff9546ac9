package corpus;

/**
 * Workers that extend Thread, started and joined through the subclass type (so the calls name the
 * subclass, not java.lang.Thread): their results are ordered before the parent's reads; their shared
 * static counter races.
 */
@ExpectRaces("corpus.ThreadSubclassWorkers.shared")
public class ThreadSubclassWorkers extends Thread {
    static int shared;
    private final int input;
    private int result;

    ThreadSubclassWorkers(int input) {
        super("sub-" + input);
        this.input = input;
    }

    @Override
    public void run() {
        result = input * input;
        shared += input;
    }

    public static void main(String[] args) throws Exception {
        ThreadSubclassWorkers a = new ThreadSubclassWorkers(3);
        ThreadSubclassWorkers b = new ThreadSubclassWorkers(4);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("results " + a.result + " " + b.result + " shared " + shared);
    }
}
