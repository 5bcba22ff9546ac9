package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The analysed methods' {@link MethodSummary summaries}: a kept one where the cache has it, else read from the
 * method's IR, once. Only the methods read here cost an IR.
 */
public final class MethodSummaries {

    private final MethodIRs irs;
    private final IClassHierarchy cha;
    private final Function<IMethod, Optional<MethodSummary>> kept;
    private final Map<IMethod, MethodSummary> summaries = new HashMap<>();

    /** Summaries read from {@code irs}, or {@code kept} where it has one. */
    public MethodSummaries(MethodIRs irs, IClassHierarchy cha, Function<IMethod, Optional<MethodSummary>> kept) {
        this.irs = irs;
        this.cha = cha;
        this.kept = kept;
    }

    public MethodSummary of(IMethod method) {
        MethodSummary s = summaries.get(method);
        if (s == null) {
            s = kept.apply(method).orElseGet(
                    () -> irs.ir(method).map(ir -> MethodSummary.of(ir, cha)).orElse(MethodSummary.NO_BODY));
            summaries.put(method, s);
        }
        return s;
    }
}
