package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.placement.Placement;

/**
 * What the rewriting of every class of one run shares. With {@code verifyPlacement} every access the
 * fasttrack placement would check also gets an access event, for the runtime's precise-checks verifier.
 */
public record Environment(ClassHierarchy hierarchy, FieldResolver fields, ShadowPolicy shadows, Placement placement,
        boolean verifyPlacement, Diagnostics diagnostics) {

    public Environment(ClassHierarchy hierarchy, ShadowPolicy shadows, Placement placement, boolean verifyPlacement,
            Diagnostics diagnostics) {
        this(hierarchy, new FieldResolver(hierarchy), shadows, placement, verifyPlacement, diagnostics);
    }

    /** This environment with {@code policy} deciding the shadow fields. */
    public Environment withShadows(ShadowPolicy policy) {
        return new Environment(hierarchy, fields, policy, placement, verifyPlacement, diagnostics);
    }
}
