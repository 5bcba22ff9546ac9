package bigfoot.staticbf.analysis;

import com.ibm.wala.ssa.ISSABasicBlock;
import com.ibm.wala.ssa.SSACFG;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * A CFG's edges by block number, read from WALA once: its {@code SSACFG} builds a block's successor lists anew at
 * every call (and answers "is this a normal edge" by building one), which a fixed point asks at every visit. The
 * lists keep WALA's order, so the solver meets states in the same order as before.
 */
final class CfgEdges {

    final SSACFG cfg;
    /** The entry's and exit's numbers (a WALA block's equals and hash code are graph lookups). */
    private final int entry;
    private final int exit;
    private final ISSABasicBlock[] blocks;
    private final ISSABasicBlock[][] preds;
    private final ISSABasicBlock[][] succs;
    private final ISSABasicBlock[][] normalSuccs;
    private final ISSABasicBlock[][] exceptionalSuccs;
    /** By block: the numbers of its normal and of its exceptional successors. */
    private final BitSet[] normalTo;
    private final BitSet[] exceptionalTo;

    CfgEdges(SSACFG cfg) {
        this.cfg = cfg;
        this.entry = cfg.entry().getNumber();
        this.exit = cfg.exit().getNumber();
        int n = cfg.getNumberOfNodes();
        blocks = new ISSABasicBlock[n];
        preds = new ISSABasicBlock[n][];
        succs = new ISSABasicBlock[n][];
        normalSuccs = new ISSABasicBlock[n][];
        exceptionalSuccs = new ISSABasicBlock[n][];
        normalTo = new BitSet[n];
        exceptionalTo = new BitSet[n];
        for (ISSABasicBlock b : cfg) {
            int i = b.getNumber();
            blocks[i] = b;
            preds[i] = array(cfg.getPredNodes(b));
            succs[i] = array(cfg.getSuccNodes(b));
            normalSuccs[i] = array(cfg.getNormalSuccessors(b));
            exceptionalSuccs[i] = array(cfg.getExceptionalSuccessors(b));
            normalTo[i] = numbers(normalSuccs[i]);
            exceptionalTo[i] = numbers(exceptionalSuccs[i]);
        }
    }

    /** The block numbered {@code number}. */
    ISSABasicBlock block(int number) {
        return blocks[number];
    }

    boolean isEntry(ISSABasicBlock b) {
        return b.getNumber() == entry;
    }

    boolean isExit(ISSABasicBlock b) {
        return b.getNumber() == exit;
    }

    ISSABasicBlock[] preds(ISSABasicBlock b) {
        return preds[b.getNumber()];
    }

    ISSABasicBlock[] succs(ISSABasicBlock b) {
        return succs[b.getNumber()];
    }

    ISSABasicBlock[] normalSuccessors(ISSABasicBlock b) {
        return normalSuccs[b.getNumber()];
    }

    ISSABasicBlock[] exceptionalSuccessors(ISSABasicBlock b) {
        return exceptionalSuccs[b.getNumber()];
    }

    /** True if {@code from -> to} is a normal edge. */
    boolean normal(ISSABasicBlock from, ISSABasicBlock to) {
        return normalTo[from.getNumber()].get(to.getNumber());
    }

    /** True if {@code from -> to} is an exceptional edge. */
    boolean exceptional(ISSABasicBlock from, ISSABasicBlock to) {
        return exceptionalTo[from.getNumber()].get(to.getNumber());
    }

    private static ISSABasicBlock[] array(Iterator<ISSABasicBlock> blocks) {
        List<ISSABasicBlock> list = new ArrayList<>();
        blocks.forEachRemaining(list::add);
        return list.toArray(ISSABasicBlock[]::new);
    }

    private static ISSABasicBlock[] array(Collection<ISSABasicBlock> blocks) {
        return blocks.toArray(ISSABasicBlock[]::new);
    }

    private static BitSet numbers(ISSABasicBlock[] blocks) {
        BitSet s = new BitSet();
        for (ISSABasicBlock b : blocks) {
            s.set(b.getNumber());
        }
        return s;
    }
}
