package bigfoot.staticbf.hierarchy;

import java.util.Map;

/** The classes of the input jar, already read. */
public final class InputClassSource implements ClassSource {

    private final Map<String, ClassInfo> classes;

    public InputClassSource(Map<String, ClassInfo> classes) {
        this.classes = Map.copyOf(classes);
    }

    @Override
    public ClassInfo find(String internalName) {
        return classes.get(internalName);
    }
}
