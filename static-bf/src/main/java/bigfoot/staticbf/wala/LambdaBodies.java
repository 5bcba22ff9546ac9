package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.shrike.shrikeCT.BootstrapMethodsReader.BootstrapMethod;
import com.ibm.wala.shrike.shrikeCT.ConstantPoolParser;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.ssa.IR;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAInvokeDynamicInstruction;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.TypeReference;
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

    /** Records the lambdas created in one method. */
    void scan(IR ir) {
        for (SSAInstruction insn : ir.getInstructions()) {
            if (insn instanceof SSAInvokeDynamicInstruction indy && indy.getBootstrap().isBootstrapForJavaLambdas()) {
                IClass iface = cha.lookupClass(indy.getDeclaredResultType());
                IMethod body = implementation(indy.getBootstrap(), ir.getMethod().getDeclaringClass());
                if (iface != null && body != null) {
                    lambdas.add(new Lambda(iface, indy.getDeclaredTarget().getName().toString(), body));
                }
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

    /** The method handle in bootstrap argument 1 of LambdaMetafactory.metafactory / altMetafactory. */
    private IMethod implementation(BootstrapMethod bootstrap, IClass creator) {
        try {
            ConstantPoolParser cp = bootstrap.getCP();
            int handle = bootstrap.callArgumentIndex(1);
            TypeReference owner = TypeReference.findOrCreate(
                    creator.getClassLoader().getReference(), "L" + cp.getCPHandleClass(handle));
            return cha.resolveMethod(MethodReference.findOrCreate(owner, cp.getCPHandleName(handle), cp.getCPHandleType(handle)));
        } catch (InvalidClassFileException e) {
            return null; // a malformed bootstrap entry; WALA's own lambda support gives up on it too
        }
    }
}
