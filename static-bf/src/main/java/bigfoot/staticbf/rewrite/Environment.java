package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.Diagnostics;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.placement.Placement;

/** What the rewriting of every class of one run shares. */
public record Environment(ClassHierarchy hierarchy, FieldResolver fields, ShadowPolicy shadows, Placement placement,
        CallHandlers calls, Diagnostics diagnostics) {

    public Environment(ClassHierarchy hierarchy, ShadowPolicy shadows, Placement placement, Diagnostics diagnostics) {
        this(hierarchy, new FieldResolver(hierarchy), shadows, placement, CallHandlers.standard(), diagnostics);
    }
}
