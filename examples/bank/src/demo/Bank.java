package demo;

/**
 * The bundled example for {@code make demo}: two tellers move money between accounts under a lock
 * (race-free), but both also bump a statistics counter outside the lock, and the main thread audits
 * the balances while the tellers are still working. Both are real data races: no happens-before edge
 * orders those accesses, whatever the schedule.
 */
public class Bank {
    private final long[] balances;
    private final Object lock = new Object();
    private int transfers;

    Bank(int accounts, long initial) {
        balances = new long[accounts];
        java.util.Arrays.fill(balances, initial);
    }

    void transfer(int from, int to, long amount) {
        synchronized (lock) {
            balances[from] -= amount;
            balances[to] += amount;
        }
        transfers++; // races with the other teller: the counter is outside the lock
    }

    long audit() {
        long total = 0;
        for (long b : balances) { // races with the tellers: reads balances without the lock
            total += b;
        }
        return total;
    }

    public static void main(String[] args) throws InterruptedException {
        Bank bank = new Bank(4, 1000);
        Runnable teller = () -> {
            for (int i = 0; i < 10_000; i++) {
                bank.transfer(i % 4, (i + 1) % 4, 1);
            }
        };
        Thread t1 = new Thread(teller, "teller-1");
        Thread t2 = new Thread(teller, "teller-2");
        t1.start();
        t2.start();
        long seen = bank.audit();
        t1.join();
        t2.join();
        System.out.println("audit while running: " + seen + ", after: " + bank.audit()
                + ", transfers counted: " + bank.transfers + " of 20000");
    }
}
