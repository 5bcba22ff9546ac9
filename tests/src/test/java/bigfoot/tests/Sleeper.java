package bigfoot.tests;

/** A program that says it is ready and then sleeps: the launcher's signal test ends it from outside. */
public final class Sleeper {

    private Sleeper() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(120_000);
    }
}
