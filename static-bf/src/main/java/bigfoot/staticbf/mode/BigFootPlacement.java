package bigfoot.staticbf.mode;

import bigfoot.staticbf.analysis.BigFootAnalysis;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.Placement;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * BigFoot placement: checks deferred to the latest point that keeps them precise and merged per location
 * ({@link BigFootAnalysis}); a method without a plan keeps a check at every access.
 */
public final class BigFootPlacement implements Placement {

    private final BigFootAnalysis.Result analysis;

    public BigFootPlacement(BigFootAnalysis.Result analysis) {
        this.analysis = analysis;
    }

    @Override
    public boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex) {
        return true; // asked only of methods without a plan
    }

    @Override
    public Optional<AnalysisStatistics> statistics() {
        return analysis.statistics();
    }

    @Override
    public Set<Integer> elided(ClassNode owner, MethodNode method) {
        return analysis.elided().of(owner.name, method.name + method.desc);
    }

    @Override
    public Set<Integer> releaseFree(ClassNode owner, MethodNode method) {
        return analysis.releaseFree().of(owner.name, method.name + method.desc);
    }

    @Override
    public Optional<String> classDigest(String classInternalName) {
        return Optional.of(analysis.classDigests().of(classInternalName));
    }

    @Override
    public Optional<MethodPlan> plan(ClassNode owner, MethodNode method) {
        return Optional.ofNullable(analysis.plan(owner.name, method.name + method.desc));
    }
}
