package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;

/**
 * The parts of the kill sets ({@link KillSets}, [Call]) that are a method's and a call's own: what a method's
 * instructions do, and what a call does besides running the analysed methods among its targets. The fixed point joins
 * them over the call relation.
 */
public final class KillSetParts {
    private final IClassHierarchy cha;
    private final LibraryModel model;

    public KillSetParts(IClassHierarchy cha) {
        this.cha = cha;
        this.model = new LibraryModel(cha);
    }

    /**
     * The method's own operations, the effects of its calls aside: SYNCHRONIZED METHOD (acquire at entry, release at
     * every exit), a task body the JDK model names (a ForkJoin task's compute(), a TimerTask's run(): what the rewriter
     * makes it do at entry and exit), and what its instructions do ({@link MethodSummary#own}).
     */
    public KillSet own(IMethod m, MethodSummary body) {
        if (!body.hasBody()) {
            return KillSet.BOTH; // native code (or no bytecode): may do anything
        }
        return (m.isSynchronized() ? KillSet.BOTH : KillSet.NONE).union(model.bodySide(m)).union(body.own());
    }

    /**
     * The method a call names: its class's or an inherited one, from a superclass or, which WALA's resolution does not
     * look at, a superinterface ({@code TransferQueue.put} is BlockingQueue's, which declares InterruptedException).
     */
    private IMethod named(CallSiteReference call, IClass declared) {
        IMethod named = cha.resolveMethod(call.getDeclaredTarget());
        if (named == null && declared != null) {
            for (IClass superinterface : declared.getAllImplementedInterfaces()) {
                IMethod m = superinterface.getMethod(call.getDeclaredTarget().getSelector());
                if (m != null) {
                    return m;
                }
            }
        }
        return named;
    }

    /**
     * What a call does besides running analysed methods: the library model's side of the method it names and of its JDK
     * targets, and an interrupt's acquire.
     */
    public KillSet call(ProgramCalls.Targets targets) {
        CallSiteReference call = targets.call().site();
        if (targets.resolution() == ProgramCalls.Resolution.UNKNOWN) {
            return KillSet.BOTH;
        }
        IClass declared = cha.lookupClass(call.getDeclaredTarget().getDeclaringClass());
        String owner = call.getDeclaredTarget().getDeclaringClass().getName().toString().substring(1);
        String name = call.getDeclaredTarget().getName().toString();
        // what the site names (also a class the hierarchy leaves out, whose calls have no targets), then what may run
        KillSet fixed = model.sideOf(owner, name).orElse(KillSet.NONE);
        for (IMethod t : targets.jdk()) {
            fixed = fixed.union(model.sideOf(LibraryModel.internalName(t.getDeclaringClass()), name).orElse(KillSet.NONE));
        }
        IMethod named = named(call, declared);
        if (named != null && WalaProgram.isJdk(named) && LibraryModel.detectsInterrupts(owner, named)) {
            fixed = fixed.union(KillSet.ACQUIRE);
        }
        return fixed;
    }
}
