package bigfoot.bench.workloads.derby;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.KernelTimer;
import bigfoot.bench.kernels.SqlRow;
import bigfoot.bench.kernels.Team;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;

/**
 * Real-library workload on Apache Derby 10.5.3.0 (DaCapo's derby), embedded, in memory: one database per JVM, with
 * two shared tables made afresh in each iteration, {@code account} and {@code history}. Each worker thread has its
 * own connection and runs transfer transactions between accounts of the whole table (so workers contend for rows
 * in Derby's lock manager): debit one account, credit another, log the transfer in {@code history}, commit.
 * Between transfers it checks its own history (count and sum, and a join with the accounts), and audits the money
 * in a transaction that locks the account table in share mode, so the sum is consistent: it must be the initial
 * total, as transfers conserve money. At the end the main thread checks every account's balance against the
 * balances the driver computes from the workers' transfer sequences, and the history's totals.
 * <p>No deadlock by construction: a transfer updates its two rows in ascending id order, an audit holds no lock
 * when it asks for the table lock, and the join reads the accounts without locks ({@code WITH UR}: it counts rows
 * that are never deleted, whatever their balances). With row locks, a join holding one account's shared lock while
 * waiting for another's could close a cycle with a transfer holding the second and waiting for the first: Derby
 * then rolled one of them back, and an uninstrumented run failed with a deadlock once. The driver synchronises only
 * through thread start/join and a {@link CyclicBarrier}; the database synchronises inside itself.
 * <p>Sizes (accounts, transfers per thread): small 200, 100; medium 1000, 400; large 4000, 1600.
 * Arguments: see {@link KernelArgs}.
 */
public final class DerbyTransactions {

    /** Where Derby's log goes ({@code derby.stream.error.field}): nowhere, not to a derby.log in the current directory. */
    public static final OutputStream DERBY_LOG = OutputStream.nullOutputStream();

    private static final String URL = "jdbc:derby:memory:bench";
    private static final int CHECK_EVERY = 8;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("derby", args);
        int accounts = a.size().pick(200, 1000, 4000);
        int transfers = a.size().pick(100, 400, 1600);
        System.setProperty("derby.stream.error.field", DerbyTransactions.class.getName() + ".DERBY_LOG");
        // a lock wait only ever waits for other transfers to commit, which under the detector can take long
        System.setProperty("derby.locks.waitTimeout", "600");
        try (Connection main = connect(";create=true")) {
            KernelTimer.time("derby", a, () -> run(main, accounts, transfers, a.threads()));
        }
        try {
            connect(";shutdown=true").close();
        } catch (SQLException e) {
            // a successful shutdown is reported as SQL state 08006
            if (!"08006".equals(e.getSQLState())) {
                throw e;
            }
        }
    }

    /** One iteration on fresh tables; returns the final sum of the balances. */
    private static double run(Connection main, int accounts, int transfers, int threads) throws Exception {
        try (Statement s = main.createStatement()) {
            s.execute("CREATE TABLE account(id INT PRIMARY KEY, balance BIGINT NOT NULL)");
            s.execute("CREATE TABLE history(thread INT NOT NULL, seq INT NOT NULL, src INT NOT NULL, dst INT NOT NULL, "
                    + "amount BIGINT NOT NULL, PRIMARY KEY(thread, seq))");
            try (PreparedStatement insert = main.prepareStatement("INSERT INTO account(id, balance) VALUES(?, ?)")) {
                for (int id = 0; id < accounts; id++) {
                    insert.setInt(1, id);
                    insert.setLong(2, initialBalance(id));
                    insert.executeUpdate();
                }
            }
            long initialTotal = 0;
            for (int id = 0; id < accounts; id++) {
                initialTotal += initialBalance(id);
            }
            long total = initialTotal;
            Team.run("derby", threads, (t, barrier) -> work(t, accounts, transfers, total, barrier));
            check(main, accounts, transfers, threads);
            s.execute("DROP TABLE history");
            s.execute("DROP TABLE account");
            return initialTotal;
        }
    }

    private static long initialBalance(int id) {
        return 1000 + id % 100;
    }

    /** The accounts and amount of transfer {@code k} of thread {@code t}: source, destination (another), amount. */
    private static int[] transfer(int t, int k, int accounts) {
        int src = (int) ((t * 7919L + k * 31L) % accounts);
        int dst = (int) ((src + 1 + (k * 13L + t) % (accounts - 1)) % accounts);
        return new int[] {src, dst, k % 10 + 1};
    }

    /** The transfers and checks of thread {@code t} on its own connection. */
    private static void work(int t, int accounts, int transfers, long total, CyclicBarrier barrier) throws Exception {
        try (Connection c = connect("")) {
            c.setAutoCommit(false);
            PreparedStatement add = c.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?");
            PreparedStatement log = c.prepareStatement(
                    "INSERT INTO history(thread, seq, src, dst, amount) VALUES(?, ?, ?, ?, ?)");
            PreparedStatement mine = c.prepareStatement("SELECT COUNT(*), SUM(amount) FROM history WHERE thread = ?");
            PreparedStatement joined = c.prepareStatement(
                    "SELECT COUNT(*) FROM history h JOIN account a ON a.id = h.dst WHERE h.thread = ? WITH UR");
            PreparedStatement audit = c.prepareStatement("SELECT COUNT(*), SUM(balance) FROM account");
            Statement lock = c.createStatement();
            barrier.await(); // every worker starts transferring together
            long logged = 0;
            for (int k = 0; k < transfers; k++) {
                int[] x = transfer(t, k, accounts);
                // the lower id first: two transfers never wait for each other's rows in a cycle
                int first = Math.min(x[0], x[1]);
                int second = Math.max(x[0], x[1]);
                update(add, first, first == x[0] ? -x[2] : x[2]);
                update(add, second, second == x[0] ? -x[2] : x[2]);
                log.setInt(1, t);
                log.setInt(2, k);
                log.setInt(3, x[0]);
                log.setInt(4, x[1]);
                log.setLong(5, x[2]);
                log.executeUpdate();
                c.commit();
                logged += x[2];
                if (k % CHECK_EVERY == 0) {
                    mine.setInt(1, t);
                    long[] cs = SqlRow.of(mine);
                    KernelTimer.check(cs[0] == k + 1 && cs[1] == logged, "thread " + t + " sees " + cs[0]
                            + " transfers of sum " + cs[1] + ", made " + (k + 1) + " of sum " + logged);
                    joined.setInt(1, t);
                    long n = SqlRow.of(joined)[0];
                    KernelTimer.check(n == k + 1, "thread " + t + " joins " + n + " transfers, made " + (k + 1));
                    c.commit();
                    lock.execute("LOCK TABLE account IN SHARE MODE");
                    long[] money = SqlRow.of(audit);
                    c.commit();
                    KernelTimer.check(money[0] == accounts && money[1] == total, "thread " + t + " audits "
                            + money[0] + " accounts holding " + money[1] + ", expected " + accounts + " holding " + total);
                }
            }
        }
    }

    private static void update(PreparedStatement add, int id, long amount) throws Exception {
        add.setLong(1, amount);
        add.setInt(2, id);
        KernelTimer.check(add.executeUpdate() == 1, "update of account " + id + " changed no row");
    }

    /** Every balance against the workers' transfer sequences, and the history's count and sum. */
    private static void check(Connection main, int accounts, int transfers, int threads) throws Exception {
        long[] expected = new long[accounts];
        long amount = 0;
        for (int id = 0; id < accounts; id++) {
            expected[id] = initialBalance(id);
        }
        for (int t = 0; t < threads; t++) {
            for (int k = 0; k < transfers; k++) {
                int[] x = transfer(t, k, accounts);
                expected[x[0]] -= x[2];
                expected[x[1]] += x[2];
                amount += x[2];
            }
        }
        long[] actual = new long[accounts];
        int rows = 0;
        try (PreparedStatement p = main.prepareStatement("SELECT id, balance FROM account ORDER BY id");
                ResultSet r = p.executeQuery()) {
            for (; r.next(); rows++) {
                KernelTimer.check(rows < accounts && r.getInt(1) == rows, "account row " + rows + " has id " + r.getInt(1));
                actual[rows] = r.getLong(2);
            }
        }
        KernelTimer.check(rows == accounts && Arrays.equals(actual, expected), "final balances differ from the transfers'"
                + " (" + rows + " accounts, expected " + accounts + ")");
        long[] history;
        try (PreparedStatement p = main.prepareStatement("SELECT COUNT(*), SUM(amount) FROM history")) {
            history = SqlRow.of(p);
        }
        KernelTimer.check(history[0] == (long) transfers * threads && history[1] == amount, "history holds "
                + history[0] + " transfers of sum " + history[1] + ", expected " + (long) transfers * threads + " of sum "
                + amount);
    }

    /** Through the JDBC driver manager (Derby registers its embedded driver as a service), as applications connect. */
    private static Connection connect(String attributes) throws SQLException {
        return DriverManager.getConnection(URL + attributes);
    }
}
