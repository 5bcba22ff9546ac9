package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.MethodReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The bodies of the application's lambdas and method references, by the functional interface method
 * they implement. A call {@code r.run()} resolved through the class hierarchy alone (no call-graph
 * node for the caller) would otherwise miss them: WALA makes a lambda's class only when the call
 * graph reaches the invokedynamic that creates it.
 */
final class LambdaBodies {
    private record Lambda(IClass functionalInterface, String methodName, IMethod body) {
    }

    private final IClassHierarchy cha;
    private final List<Lambda> lambdas = new ArrayList<>();

    LambdaBodies(IClassHierarchy cha) {
        this.cha = cha;
    }

    /** Records the lambdas one method creates. */
    void scan(List<MethodSummary.LambdaSite> created) {
        for (MethodSummary.LambdaSite l : created) {
            IClass iface = cha.lookupClass(l.functionalInterface());
            IMethod body = cha.resolveMethod(l.body());
            if (iface != null && body != null) {
                lambdas.add(new Lambda(iface, l.methodName(), body));
            }
        }
    }

    /** The lambda bodies a dispatch call to {@code declared} may run: same method name, an implementing interface. */
    Set<IMethod> mayRun(MethodReference declared) {
        Set<IMethod> result = new LinkedHashSet<>();
        IClass receiver = cha.lookupClass(declared.getDeclaringClass());
        if (receiver == null) {
            return result;
        }
        String name = declared.getName().toString();
        for (Lambda l : lambdas) {
            if (l.methodName().equals(name) && cha.isAssignableFrom(receiver, l.functionalInterface())) {
                result.add(l.body());
            }
        }
        return result;
    }
}
