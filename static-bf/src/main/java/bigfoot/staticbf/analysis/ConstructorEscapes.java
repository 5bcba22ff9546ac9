package bigfoot.staticbf.analysis;

import bigfoot.staticbf.wala.MethodIRs;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.MethodReference;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which constructors keep {@code this} to themselves: none of their code publishes it ({@link PartialEscape}),
 * their super or this() call included. Calling such a constructor does not publish the object it initialises.
 * Application constructors are analysed (once each); of the JDK's, only those known to do nothing with
 * {@code this} but store into its own fields count.
 */
final class ConstructorEscapes implements Predicate<MethodReference> {

    /** JDK classes whose constructors only initialise their own fields. */
    private static final Set<String> PRIVATE_JDK_CONSTRUCTORS = Set.of("Ljava/lang/Object", "Ljava/lang/Record",
            "Ljava/lang/Enum", "Ljava/lang/Number");

    private final IClassHierarchy cha;
    private final MethodIRs irs;
    private final Map<IMethod, Boolean> keepsThis = new HashMap<>();

    ConstructorEscapes(IClassHierarchy cha, MethodIRs irs) {
        this.cha = cha;
        this.irs = irs;
    }

    /** True if the constructor {@code target} cannot publish {@code this}. */
    @Override
    public synchronized boolean test(MethodReference target) {
        IMethod constructor = cha.resolveMethod(target);
        if (constructor == null || !constructor.isInit()) {
            return false;
        }
        if (!InstructionEffects.isApplication(constructor.getDeclaringClass())) {
            return PRIVATE_JDK_CONSTRUCTORS.contains(constructor.getDeclaringClass().getName().toString());
        }
        Boolean known = keepsThis.get(constructor);
        if (known != null) {
            return known;
        }
        keepsThis.put(constructor, false); // a chain of constructors that comes back here publishes, to be safe
        boolean keeps = irs.ir(constructor).map(ir -> !PartialEscape.of(ir, this).publishesThis()).orElse(false);
        keepsThis.put(constructor, keeps);
        return keeps;
    }
}
