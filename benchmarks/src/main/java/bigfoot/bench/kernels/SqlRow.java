package bigfoot.bench.kernels;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** Reads the single-row results of the database workloads' queries (h2, derby), checking that there is a row. */
public final class SqlRow {

    private SqlRow() {
    }

    /** The first row of the query's result, as longs (SQL NULL as 0). */
    public static long[] of(PreparedStatement p) throws Exception {
        try (ResultSet r = p.executeQuery()) {
            KernelTimer.check(r.next(), "no row from " + p);
            long[] values = new long[r.getMetaData().getColumnCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = r.getLong(i + 1);
            }
            return values;
        }
    }
}
