package bigfoot.staticbf.analysis;

import bigfoot.staticbf.wala.KillSet;
import bigfoot.staticbf.wala.MethodSummary;
import bigfoot.staticbf.wala.ProgramCalls;
import com.ibm.wala.classLoader.IMethod;

/**
 * MOD-SET's rules: for every analysed method, what running it (and everything it may call, resolved as for the kill
 * sets: {@link ProgramCalls}) may write that a load could read ({@link HeapWrites}; the fixed point over the call
 * graph is {@link KeptCallGraph#solve}'s), so that a call between two loads of a
 * field that it cannot write leaves them one value (ALIAS, {@link LoadAliases}) and a loop calling it keeps its
 * invariant loads ({@link LoopInvariants}). A method's own writes are its field and element stores; a call adds:
 * <ul>
 * <li>anything, if its kill set is not empty: after an acquire another thread's writes may be seen (the paper kills
 *     alias facts at acquires), and the caller already treats a synchronising call as anything;</li>
 * <li>for a JDK target, what {@link JdkWrites} lists, or anything; the program methods it may call back are targets;</li>
 * <li>anything for a call with no target (unknown code, a JDK class left out of the hierarchy) and an invokedynamic
 *     other than a lambda or a string concatenation (whose operands' toString are targets).</li>
 * </ul>
 * A native method may write anything. The class initialiser a use of another application class may run makes the
 * using method's kill set release, so it writes anything; at a call site, the caller treats the class initialiser the
 * call may run as anything itself ({@link InstructionEffects}), as for kill sets.
 */
final class ModSets {

    /** Summaries are shared and never changed; these two are everyone's. */
    static final HeapWrites NOTHING = new HeapWrites();
    private static final HeapWrites ANYTHING = new HeapWrites();

    static {
        ANYTHING.anything();
    }

    private ModSets() {
    }

    /** What code with kill set {@code kills} may write: anything if it synchronises, else {@code writes}. */
    static HeapWrites killed(KillSet kills, HeapWrites writes) {
        return kills != KillSet.NONE ? ANYTHING : writes;
    }

    /** What a method's own instructions may write if it does not synchronise (no body: anything). */
    static HeapWrites ownStores(MethodSummary body) {
        return body.hasBody() ? HeapWrites.stores(body.fieldStores(), body.elementStores()) : ANYTHING;
    }

    /** What a call that does not synchronise may write besides running the analysed methods among its targets. */
    static HeapWrites callPart(ProgramCalls.Targets targets) {
        switch (targets.resolution()) {
            case LAMBDA:
                return NOTHING;
            case INVOKEDYNAMIC:
                return targets.call().kind() == MethodSummary.Kind.STRING_CONCATENATION ? NOTHING : ANYTHING;
            case UNKNOWN:
            case EXCLUDED_JDK:
                return ANYTHING;
            default:
                HeapWrites writes = NOTHING;
                for (IMethod jdk : targets.jdk()) {
                    writes = HeapWrites.union(writes, JdkWrites.of(jdk).orElse(ANYTHING));
                }
                return writes;
        }
    }
}
