package bigfoot.staticbf.analysis;

import com.ibm.wala.shrike.shrikeBT.IBinaryOpInstruction;
import com.ibm.wala.ssa.DefUse;
import com.ibm.wala.ssa.SSABinaryOpInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPhiInstruction;
import com.ibm.wala.ssa.SymbolTable;

/**
 * Int SSA values as {@code scale * root + offset} for constants scale and offset, following additions and
 * subtractions of constants, multiplications by constants and phis that pass one value through (an inner loop's
 * {@code x = phi(i, x)} is i): a loop's index {@code 8*i + 3} in terms of its induction variable
 * ({@link LoopRanges}), or the indices {@code 3*j, 3*j + 1, 3*j + 2} of one block in terms of j ({@link ElementRuns}).
 */
final class LinearValues {

    /** {@code scale * root + offset}. */
    record Linear(int root, int scale, int offset) {
    }

    /** Bound on the definitions followed. */
    private static final int MAX_DEPTH = 32;

    private final DefUse defUse;
    private final SymbolTable constants;

    LinearValues(DefUse defUse, SymbolTable constants) {
        this.defUse = defUse;
        this.constants = constants;
    }

    /** {@code value} in terms of {@code root}; null if it is not of that form. */
    Linear in(int value, int root) {
        return of(value, root, 0);
    }

    /** {@code value} in terms of the first value, on the definitions followed, that is not of a followed form. */
    Linear of(int value) {
        return of(value, -1, 0);
    }

    /** With {@code stop} at least 0: in terms of it, or null; else in terms of where the forms end. */
    private Linear of(int value, int stop, int depth) {
        if (value == stop) {
            return new Linear(value, 1, 0);
        }
        Linear end = stop < 0 ? new Linear(value, 1, 0) : null;
        if (depth > MAX_DEPTH) {
            return end;
        }
        SSAInstruction def = defUse.getDef(value);
        if (def instanceof SSAPhiInstruction through && LoopInvariants.passedValue(through) >= 0) {
            return of(LoopInvariants.passedValue(through), stop, depth + 1);
        }
        if (!(def instanceof SSABinaryOpInstruction op)) {
            return end;
        }
        IBinaryOpInstruction.IOperator operator = op.getOperator();
        int left = op.getUse(0);
        int right = op.getUse(1);
        boolean leftConstant = constants.isIntegerConstant(left);
        boolean rightConstant = constants.isIntegerConstant(right);
        if (leftConstant == rightConstant) {
            return end;
        }
        int c = constants.getIntValue(leftConstant ? left : right);
        boolean followed = operator == IBinaryOpInstruction.Operator.ADD
                || operator == IBinaryOpInstruction.Operator.SUB && rightConstant
                || operator == IBinaryOpInstruction.Operator.MUL && c > 0;
        if (!followed) {
            return end;
        }
        Linear x = of(leftConstant ? right : left, stop, depth + 1);
        if (x == null) {
            return null;
        }
        if (operator == IBinaryOpInstruction.Operator.ADD) {
            return new Linear(x.root(), x.scale(), x.offset() + c);
        } else if (operator == IBinaryOpInstruction.Operator.SUB) {
            return new Linear(x.root(), x.scale(), x.offset() - c);
        }
        return (long) x.scale() * c <= 1 << 16 ? new Linear(x.root(), x.scale() * c, x.offset() * c) : end;
    }
}
