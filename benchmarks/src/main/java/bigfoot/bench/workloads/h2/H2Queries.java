package bigfoot.bench.workloads.h2;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.KernelTimer;
import bigfoot.bench.kernels.SqlRow;
import bigfoot.bench.kernels.Team;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;

/**
 * Real-library workload on h2 1.2.123 (DaCapo's h2): one in-memory database per iteration with two shared
 * tables, {@code account} and {@code transfer}; each worker thread has its own connection, inserts its share of
 * the accounts, then (after a barrier, so every account exists) updates balances of its own accounts, logs each
 * update as a transfer row, and interleaves selects: its own transfer count and sum, one balance, the number of
 * accounts, the sum over its accounts. After a second barrier every worker checks the totals of both tables, and
 * the main thread checks them again with a join. Every select is checked against the worker's own model of its
 * accounts. The driver synchronises only through thread start/join and a {@link CyclicBarrier}; the database
 * synchronises inside itself.
 * <p>Sizes (accounts, operations per thread): small 200, 150; medium 1000, 500; large 4000, 2000.
 * Arguments: see {@link KernelArgs}.
 */
public final class H2Queries {

    private static final int QUERY_EVERY = 8;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("h2", args);
        int accounts = a.size().pick(200, 1000, 4000);
        int ops = a.size().pick(150, 500, 2000);
        int[] iteration = {0};
        KernelTimer.time("h2", a, () -> run("jdbc:h2:mem:bench" + iteration[0]++ + ";LOCK_TIMEOUT=600000",
                accounts, ops, a.threads()));
    }

    /** One iteration on a fresh database; returns the final sum of the balances. */
    private static double run(String url, int accounts, int ops, int threads) throws Exception {
        long perThread = 0;
        for (int k = 0; k < ops; k++) {
            perThread += amount(k);
        }
        long expectedAmount = perThread * threads;
        long expectedBalance = (long) accounts * (accounts - 1) / 2 + expectedAmount;
        long expectedTransfers = (long) ops * threads;
        // the main connection keeps the database alive until the end of the iteration
        try (Connection main = connect(url); Statement s = main.createStatement()) {
            s.execute("CREATE TABLE account(id INT PRIMARY KEY, owner INT, balance BIGINT)");
            s.execute("CREATE TABLE transfer(id INT AUTO_INCREMENT PRIMARY KEY, owner INT, account INT, amount BIGINT)");
            s.execute("CREATE INDEX transfer_owner ON transfer(owner)");
            Team.run("h2", threads, (t, barrier) -> work(url, t, threads, accounts, ops, barrier,
                    new long[] {expectedBalance, expectedTransfers, expectedAmount}));
            long[] totals = totals(main);
            KernelTimer.check(totals[0] == accounts && totals[1] == expectedBalance
                    && totals[2] == expectedTransfers && totals[3] == expectedAmount,
                    "final totals " + java.util.Arrays.toString(totals) + ", expected [" + accounts + ", "
                            + expectedBalance + ", " + expectedTransfers + ", " + expectedAmount + "]");
            long joined = single(main.prepareStatement("SELECT SUM(t.amount) FROM transfer t JOIN account a "
                    + "ON a.id = t.account WHERE a.owner = t.owner"));
            KernelTimer.check(joined == expectedAmount, "join sum " + joined + ", expected " + expectedAmount);
            s.execute("SHUTDOWN");
            return totals[1];
        }
    }

    private static long amount(int k) {
        return k % 10 + 1;
    }

    /** The work of thread {@code t} on its own connection; {@code expected}: final balance, transfers, amount. */
    private static void work(String url, int t, int threads, int accounts, int ops, CyclicBarrier barrier,
            long[] expected) throws Exception {
        int lo = Team.lo(t, threads, accounts);
        int hi = Team.hi(t, threads, accounts);
        long[] balance = new long[hi - lo]; // this thread's model of its accounts
        try (Connection c = connect(url)) {
            PreparedStatement insert = c.prepareStatement("INSERT INTO account(id, owner, balance) VALUES(?, ?, ?)");
            for (int id = lo; id < hi; id++) {
                insert.setInt(1, id);
                insert.setInt(2, t);
                insert.setLong(3, id);
                insert.executeUpdate();
                balance[id - lo] = id;
            }
            barrier.await();
            PreparedStatement update = c.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?");
            PreparedStatement log = c.prepareStatement("INSERT INTO transfer(owner, account, amount) VALUES(?, ?, ?)");
            PreparedStatement mine = c.prepareStatement("SELECT COUNT(*), SUM(amount) FROM transfer WHERE owner = ?");
            PreparedStatement one = c.prepareStatement("SELECT balance FROM account WHERE id = ?");
            PreparedStatement owned = c.prepareStatement("SELECT SUM(balance) FROM account WHERE owner = ?");
            PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM account");
            long logged = 0;
            for (int k = 0; k < ops; k++) {
                int id = hi > lo ? lo + (int) ((k * 7L) % (hi - lo)) : -1;
                long amount = amount(k);
                if (id >= 0) {
                    update.setLong(1, amount);
                    update.setInt(2, id);
                    KernelTimer.check(update.executeUpdate() == 1, "update of account " + id + " changed no row");
                    balance[id - lo] += amount;
                }
                log.setInt(1, t);
                log.setInt(2, id);
                log.setLong(3, amount);
                log.executeUpdate();
                logged += amount;
                if (k % QUERY_EVERY == 0) {
                    mine.setInt(1, t);
                    long[] cs = SqlRow.of(mine);
                    KernelTimer.check(cs[0] == k + 1 && cs[1] == logged, "thread " + t + " sees " + cs[0]
                            + " transfers of sum " + cs[1] + ", made " + (k + 1) + " of sum " + logged);
                    if (id >= 0) {
                        one.setInt(1, id);
                        long b = single(one);
                        KernelTimer.check(b == balance[id - lo], "account " + id + " holds " + b + ", expected "
                                + balance[id - lo]);
                    }
                    long n = single(count);
                    KernelTimer.check(n == accounts, "thread " + t + " counts " + n + " accounts, expected " + accounts);
                    owned.setInt(1, t);
                    long sum = single(owned);
                    long model = 0;
                    for (long x : balance) {
                        model += x;
                    }
                    KernelTimer.check(sum == model, "thread " + t + " accounts sum " + sum + ", expected " + model);
                }
            }
            barrier.await();
            long[] totals = totals(c);
            KernelTimer.check(totals[1] == expected[0] && totals[2] == expected[1] && totals[3] == expected[2],
                    "thread " + t + " sees totals " + java.util.Arrays.toString(totals));
        }
    }

    /** Accounts, their balance sum, transfers, their amount sum. */
    private static long[] totals(Connection c) throws Exception {
        long[] accounts = SqlRow.of(c.prepareStatement("SELECT COUNT(*), SUM(balance) FROM account"));
        long[] transfers = SqlRow.of(c.prepareStatement("SELECT COUNT(*), SUM(amount) FROM transfer"));
        return new long[] {accounts[0], accounts[1], transfers[0], transfers[1]};
    }

    private static Connection connect(String url) throws Exception {
        return new org.h2.Driver().connect(url, new Properties());
    }

    private static long single(PreparedStatement p) throws Exception {
        return SqlRow.of(p)[0];
    }
}
