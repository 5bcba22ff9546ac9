package bigfoot.tests;

import java.util.concurrent.CountDownLatch;

/**
 * A program that says it is ready and then waits until it is ended from outside (the launcher's signal test): it
 * never ends by itself, so only the signal can end it.
 */
public final class Sleeper {

    private Sleeper() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("ready");
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
