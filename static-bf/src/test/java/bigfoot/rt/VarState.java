package bigfoot.rt;

/** Test double of the runtime's per-variable shadow state. */
public class VarState {
}
