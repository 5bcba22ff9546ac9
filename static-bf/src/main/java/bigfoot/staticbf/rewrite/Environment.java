package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.capsule.Capsules;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;

/**
 * What the rewriting of every class of one run shares, {@code capsules} included ({@code --capsules}). With {@code verifyPlacement} every access the
 * fasttrack placement would check also gets an access event, for the runtime's precise-checks verifier.
 */
public record Environment(ClassHierarchy hierarchy, FieldResolver fields, ShadowPolicy shadows, Placement placement,
        Capsules capsules, boolean verifyPlacement, Diagnostics diagnostics) {

    public Environment(ClassHierarchy hierarchy, ShadowPolicy shadows, Placement placement, boolean verifyPlacement,
            Diagnostics diagnostics) {
        this(hierarchy, new FieldResolver(hierarchy), shadows, placement, Capsules.NONE, verifyPlacement, diagnostics);
    }

    /** This environment with {@code policy} deciding the shadow fields. */
    public Environment withShadows(ShadowPolicy policy) {
        return new Environment(hierarchy, fields, policy, placement, capsules, verifyPlacement, diagnostics);
    }

    /** This environment with {@code chosen} as the capsule classes (no field shadows for their own fields). */
    public Environment withCapsules(Capsules chosen) {
        return new Environment(hierarchy, fields, shadows.withCapsules(chosen), placement, chosen, verifyPlacement,
                diagnostics);
    }
}
