package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;

/**
 * MOD-SET at each call of an application method: what the call may write that a load could read, computed
 * ({@link ModSets}) or kept from an earlier run ({@link KeptCallFacts}).
 */
interface ProgramWrites {

    /** What the call at {@code site} of the application method {@code caller} may write. */
    HeapWrites atCall(IMethod caller, CallSiteReference site);

    default HeapWrites atCall(IMethod caller, SSAAbstractInvokeInstruction call) {
        return atCall(caller, call.getCallSite());
    }
}
