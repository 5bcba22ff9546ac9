package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.ir.SiteTable;

import java.util.Arrays;
import java.util.List;

/**
 * Global site ids: each rewritten class registers its {@link SiteTable} text in {@code <clinit>} and gets
 * a base; its check for local site i passes {@code base + i}. Tables are stored raw and decoded only
 * when a race has to name a site.
 */
final class Sites {

    private static final class Block {
        final int base;
        final int size;
        final String table;
        volatile List<Site> decoded;

        Block(int base, int size, String table) {
            this.base = base;
            this.size = size;
            this.table = table;
        }
    }

    private Block[] blocks = new Block[64];
    private int count;
    private int next;

    /** Registers one class's table; returns the global id of its first site. */
    synchronized int register(String table) {
        int size = 0;
        for (int i = table.indexOf('\n'); i >= 0; i = table.indexOf('\n', i + 1)) {
            size++;
        }
        if (size > Integer.MAX_VALUE - next) {
            throw new IllegalStateException("too many sites");
        }
        if (count == blocks.length) {
            blocks = Arrays.copyOf(blocks, count * 2);
        }
        int base = next;
        blocks[count++] = new Block(base, size, table);
        next += size;
        return base;
    }

    /** The site with global id {@code id}, or null if no registered table has it or its table is malformed. */
    Site site(int id) {
        Block b = blockOf(id);
        if (b == null) {
            return null;
        }
        List<Site> sites = b.decoded;
        if (sites == null) {
            try {
                sites = SiteTable.decode(b.table);
            } catch (RuntimeException malformed) {
                return null;
            }
            b.decoded = sites;
        }
        int local = id - b.base;
        return local < sites.size() ? sites.get(local) : null;
    }

    private synchronized Block blockOf(int id) {
        int lo = 0;
        int hi = count - 1;
        while (lo <= hi) {                      // the last block whose base <= id (bases increase)
            int mid = (lo + hi) >>> 1;
            if (blocks[mid].base <= id) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (hi < 0 || id < 0) {
            return null;
        }
        Block b = blocks[hi];
        return id < b.base + b.size ? b : null;
    }
}
