package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IMethod;

/** A method as the rewriter names it: the class's internal name and the method's name + descriptor. */
public record MethodKey(String classInternalName, String nameAndDescriptor) {

    static MethodKey of(IMethod m) {
        return new MethodKey(m.getDeclaringClass().getName().toString().substring(1),
                m.getName().toString() + m.getDescriptor().toString());
    }
}
