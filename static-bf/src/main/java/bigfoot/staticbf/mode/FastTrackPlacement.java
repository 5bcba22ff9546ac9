package bigfoot.staticbf.mode;

import bigfoot.staticbf.analysis.ClassDigests;
import bigfoot.staticbf.analysis.ElidedAccesses;
import bigfoot.staticbf.analysis.ElisionAnalysis;
import bigfoot.staticbf.placement.AnalysisStatistics;
import bigfoot.staticbf.placement.Placement;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** FastTrack placement: a check at every access, no analysis (but the one {@code --elide} asks for). */
public final class FastTrackPlacement implements Placement {

    private final ElidedAccesses elided;
    private final Optional<AnalysisStatistics> statistics;
    private final ClassDigests classDigests;

    /** Without elision. */
    public FastTrackPlacement() {
        this.elided = ElidedAccesses.NONE;
        this.statistics = Optional.empty();
        this.classDigests = new ClassDigests();
    }

    public FastTrackPlacement(ElisionAnalysis.Result elision) {
        this.elided = elision.elided();
        this.statistics = elision.statistics();
        this.classDigests = elision.classDigests();
    }

    @Override
    public Optional<String> classDigest(String classInternalName) {
        return Optional.of(classDigests.of(classInternalName));
    }

    @Override
    public boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex) {
        return true;
    }

    @Override
    public Set<Integer> elided(ClassNode owner, MethodNode method) {
        return elided.of(owner.name, method.name + method.desc);
    }

    @Override
    public Optional<AnalysisStatistics> statistics() {
        return statistics;
    }
}
