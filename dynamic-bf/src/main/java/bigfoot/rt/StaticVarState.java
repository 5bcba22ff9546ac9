package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.report.Target;

/** The shadow of a static field: remembers its class's initialisation state, ordered before every use. */
final class StaticVarState extends VarState {

    final ClassInitState owner;

    StaticVarState(ClassInitState owner) {
        this.owner = owner;
    }

    @Override
    Target target(Site site) {
        return Target.ofField("static", site);
    }
}
