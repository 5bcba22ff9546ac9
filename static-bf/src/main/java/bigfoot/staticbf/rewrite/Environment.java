package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.capsule.Capsules;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * What the rewriting of every class of one run shares, {@code capsules} included ({@code --capsules}). With {@code verifyPlacement} every access the
 * fasttrack placement would check also gets an access event, for the runtime's precise-checks verifier.
 */
public record Environment(ClassHierarchy hierarchy, FieldResolver fields, ShadowPolicy shadows, Placement placement,
        Capsules capsules, ProgramFit fits, EscapeBits escapeBits, boolean verifyPlacement, Diagnostics diagnostics) {

    public Environment(ClassHierarchy hierarchy, ShadowPolicy shadows, Placement placement, boolean verifyPlacement,
            Diagnostics diagnostics) {
        this(hierarchy, new FieldResolver(hierarchy), shadows, placement, Capsules.NONE, ProgramFit.NONE, EscapeBits.NONE,
                verifyPlacement, diagnostics);
    }

    /**
     * True if {@code method} of {@code owner} is a field accessor whose access its callers check at each call
     * ({@link FieldAccesses#instrumentAccessorCall}): its body makes no check of its own.
     */
    boolean isCheckedByCallers(ClassNode owner, MethodNode method) {
        ClassInfo info = hierarchy.find(owner.name);
        return info != null && info.accessor(method.name, method.desc) != null;
    }

    /**
     * The placement's plan for {@code method} of {@code owner}, which the rewriter follows if it fits
     * ({@link ProgramFit}); none for a field accessor, whose callers check its access (a plan would check it in its body too, at
     * the accessor's site).
     */
    Optional<MethodPlan> plan(ClassNode owner, MethodNode method) {
        return isCheckedByCallers(owner, method) ? Optional.empty() : placement.plan(owner, method);
    }

    /** This environment with {@code policy} deciding the shadow fields. */
    public Environment withShadows(ShadowPolicy policy) {
        return new Environment(hierarchy, fields, policy, placement, capsules, fits, escapeBits, verifyPlacement,
                diagnostics);
    }

    /** This environment with {@code chosen} as the capsule classes (no field shadows for their own fields). */
    public Environment withCapsules(Capsules chosen) {
        return new Environment(hierarchy, fields, shadows.withCapsules(chosen), placement, chosen, fits, escapeBits,
                verifyPlacement, diagnostics);
    }

    /** This environment with {@code program} as the fits of the methods it rewrites. */
    public Environment withFits(ProgramFit program) {
        return new Environment(hierarchy, fields, shadows, placement, capsules, program, escapeBits, verifyPlacement,
                diagnostics);
    }

    /**
     * This environment with local bits on the objects of the classes this run rewrites ({@code --elide
     * dynamic-escape}): {@code handleTargets} are the methods and constructors of the jar a method handle constant
     * names ({@code owner.name+descriptor}).
     */
    public Environment withEscapeBits(Set<String> rewritten, Set<String> handleTargets) {
        return new Environment(hierarchy, fields, shadows, placement, capsules, fits,
                new EscapeBits(hierarchy, rewritten, handleTargets), verifyPlacement, diagnostics);
    }
}
