package bigfoot.staticbf.rewrite;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.ir.SiteTable;
import java.util.ArrayList;
import java.util.List;

/** The sites of one class, in the order their ids are handed out. */
final class SiteTableBuilder {

    private final String className;
    private final String sourceFile;
    private final List<Site> sites = new ArrayList<>();

    SiteTableBuilder(String dottedClassName, String sourceFile) {
        this.className = dottedClassName;
        this.sourceFile = sourceFile;
    }

    /** Adds a site and returns its local id (its index in the table). */
    int add(String method, int bci, int line, AccessOp op, String target) {
        sites.add(new Site(className, sourceFile, method, bci, line, op, target));
        return sites.size() - 1;
    }

    int size() {
        return sites.size();
    }

    String encode() {
        return SiteTable.encode(className, sourceFile, sites);
    }
}
