package bigfoot.staticbf.mode;

import bigfoot.staticbf.analysis.RedCardAnalysis;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Placement;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Red-card placement: fasttrack's checks, minus those of accesses already covered by an earlier check
 * of the same location in the same release-free span ({@link RedCardAnalysis}). No check moves.
 */
public final class RedCardPlacement implements Placement {

    private final RedCardAnalysis.Result analysis;

    public RedCardPlacement(RedCardAnalysis.Result analysis) {
        this.analysis = analysis;
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
    public Optional<String> classDigest(String classInternalName) {
        return Optional.of(analysis.classDigests().of(classInternalName));
    }

    @Override
    public boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex) {
        return !analysis.removable(owner.name, method.name + method.desc).contains(bytecodeIndex);
    }
}
