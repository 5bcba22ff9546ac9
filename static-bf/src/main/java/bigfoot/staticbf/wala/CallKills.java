package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;

/**
 * What the [Call] rule kills at each call of an application method (the BigFoot dissertation, section 3.3.3): the
 * per-method analyses' view of the whole-program kill sets, computed ({@link KillSets}) or kept from an earlier run.
 */
public interface CallKills {

    /** The kill set of the call at {@code site} in the application method {@code caller}. */
    KillSet atCall(IMethod caller, CallSiteReference site);

    /** The kill set of one call in an application method. */
    default KillSet atCall(IMethod caller, SSAAbstractInvokeInstruction call) {
        return atCall(caller, call.getCallSite());
    }
}
