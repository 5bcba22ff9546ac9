package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.MethodReference;

/**
 * The class hierarchy's resolutions that per-method analyses make while they run on several threads. WALA fills
 * caches as it resolves (a class's inherited methods, found once, are remembered in an unsynchronised map), so these
 * run one at a time per hierarchy; lookups of classes by name only read.
 */
public final class WalaLookups {

    private WalaLookups() {
    }

    public static IMethod resolveMethod(IClassHierarchy cha, MethodReference method) {
        synchronized (cha) {
            return cha.resolveMethod(method);
        }
    }

    public static IField resolveField(IClassHierarchy cha, FieldReference field) {
        synchronized (cha) {
            return cha.resolveField(field);
        }
    }
}
