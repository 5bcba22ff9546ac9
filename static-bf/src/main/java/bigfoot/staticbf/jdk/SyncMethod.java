package bigfoot.staticbf.jdk;

import java.util.Set;

/**
 * One entry of the JDK synchronisation model: the methods {@code names} of the classes {@code owner} accepts, with a
 * descriptor {@code signature} accepts, get {@code event}. An entry for the {@code otherMethods} of an owner covers
 * every method of it that no other entry of the same owner names (except constructors and Object's identity methods).
 */
public record SyncMethod(Owner owner, Set<String> names, Signature signature, Event event, boolean otherMethods) {

    /** Names that never synchronise, whatever class declares them: an entry for other methods skips them. */
    private static final Set<String> NEVER = Set.of("<init>", "<clinit>", "toString", "hashCode", "equals");

    public static SyncMethod of(Owner owner, Set<String> names, Signature signature, Event event) {
        return new SyncMethod(owner, Set.copyOf(names), signature, event, false);
    }

    public static SyncMethod of(Owner owner, Set<String> names, Event event) {
        return of(owner, names, Signature.ANY, event);
    }

    /** Every method of {@code owner} that no other entry of the same owner names: the analysis assumes {@code event}. */
    public static SyncMethod otherMethodsOf(Owner owner) {
        return new SyncMethod(owner, Set.of(), Signature.ANY, Event.ASSUMED, true);
    }

    /** True if this entry is about methods called {@code name} ({@code named}: the names the owner's other entries list). */
    boolean covers(String name, Set<String> named) {
        return otherMethods ? !NEVER.contains(name) && !named.contains(name) : names.contains(name);
    }
}
