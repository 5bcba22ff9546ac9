package placement;

import bigfoot.ir.AccessOp;
import bigfoot.ir.Site;
import bigfoot.ir.SiteTable;
import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import bigfoot.rt.VarState;
import java.util.List;

/**
 * Hand-written runtime calls, as a rewriter with a placement bug would emit them: a write check of a static
 * field this thread never accesses, with no access event at all. The verifier must call it illegitimate.
 */
public class StrayCheck {

    static int never;

    public static void main(String[] args) {
        RT.verifyPlacement();
        int base = RT.registerSites(SiteTable.encode("placement.StrayCheck", "StrayCheck.java",
                List.of(new Site("placement.StrayCheck", "StrayCheck.java", "main", 0, 30, AccessOp.WRITE,
                        "placement.StrayCheck.never"))));
        ThreadState ts = RT.thread();
        VarState shadow = RT.staticShadow(StrayCheck.class);
        RT.writeStatic(shadow, ts, base);
    }
}
