package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IMethod;

/** A method as the rewriter names it: the class's internal name and the method's name + descriptor. */
public record MethodKey(String classInternalName, String nameAndDescriptor) {

    // equals and hashCode written out: a record's own go through a method handle chain, which a re-run's cold JVM
    // (thousands of keys in several maps) runs interpreted
    @Override
    public boolean equals(Object o) {
        return o instanceof MethodKey k && classInternalName.equals(k.classInternalName)
                && nameAndDescriptor.equals(k.nameAndDescriptor);
    }

    @Override
    public int hashCode() {
        return 31 * classInternalName.hashCode() + nameAndDescriptor.hashCode();
    }

    static MethodKey of(IMethod m) {
        return new MethodKey(m.getDeclaringClass().getName().toString().substring(1),
                m.getName().toString() + m.getDescriptor().toString());
    }
}
