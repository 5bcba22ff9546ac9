package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IBytecodeMethod;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.IAnalysisCacheView;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAInstruction;
import java.util.Optional;

/**
 * WALA's SSA IR of single methods (no call graph needed), and where each SSA instruction came from
 * in the class file: its bytecode index and source line. IR construction goes through WALA's
 * analysis cache, which is not thread-safe, so {@link #ir} is synchronized; an IR once built is only read.
 */
public final class MethodIRs {
    private final IAnalysisCacheView cache;

    public MethodIRs(WalaProgram program) {
        this.cache = program.cache();
    }

    /** Bytecode index and source line (-1 when the class file has no line table). */
    public record Position(int bytecodeIndex, int line) {
    }

    /** The SSA IR of a method with bytecode; empty for abstract and native methods. */
    public synchronized Optional<IR> ir(IMethod method) {
        if (method.isAbstract() || method.isNative()) {
            return Optional.empty();
        }
        return Optional.ofNullable(cache.getIR(method));
    }

    /**
     * Where an instruction of {@code ir} came from. Empty for instructions that have no bytecode of
     * their own (phis, pis, the catch-entry pseudo-instruction) and for synthetic methods.
     */
    public static Optional<Position> position(IR ir, SSAInstruction instruction) {
        return position(ir.getMethod(), instruction.iIndex());
    }

    /**
     * @param instructionIndex an index into {@code ir.getInstructions()} (= {@link SSAInstruction#iIndex()})
     */
    public static Optional<Position> position(IMethod method, int instructionIndex) {
        if (instructionIndex < 0 || !(method instanceof IBytecodeMethod<?> bytecode)) {
            return Optional.empty();
        }
        try {
            int bci = bytecode.getBytecodeIndex(instructionIndex);
            return bci < 0 ? Optional.empty() : Optional.of(new Position(bci, method.getLineNumber(bci)));
        } catch (InvalidClassFileException e) {
            // the class file was parsed once already to build the IR; this cannot fail afterwards
            throw new IllegalStateException("class file of " + method.getSignature() + " became unreadable", e);
        }
    }
}
