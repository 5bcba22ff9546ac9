package bigfoot.staticbf.analysis;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.types.TypeReference;
import java.util.Optional;
import java.util.Set;

/**
 * MOD-SET of the few JDK methods whose writes are known ({@link ModSets}); every other JDK method may write anything.
 * A method is listed only if its body calls no program code except through the objects it is given (whose methods
 * {@code JdkCallbacks} adds to the call's targets anyway) and writes no location a load of the program could read:
 * the private state of JDK objects and the fields of an object it creates are not such locations (the program's
 * loads name program fields, and read a new object's fields only after it exists).
 */
final class JdkWrites {

    /** The boxes of primitives: immutable, final. */
    private static final Set<String> BOXES = Set.of("Ljava/lang/Integer", "Ljava/lang/Long", "Ljava/lang/Short",
            "Ljava/lang/Byte", "Ljava/lang/Character", "Ljava/lang/Boolean", "Ljava/lang/Float", "Ljava/lang/Double");

    private static final Set<String> BUILDERS = Set.of("Ljava/lang/StringBuilder", "Ljava/lang/StringBuffer",
            "Ljava/lang/AbstractStringBuilder");

    /** The packages whose exceptions' constructors are listed. */
    private static final Set<String> THROWABLE_PACKAGES = Set.of("Ljava/lang/", "Ljava/util/", "Ljava/io/");

    private static final TypeReference STRING = TypeReference.JavaLangString;

    private JdkWrites() {
    }

    /** What running the JDK method {@code m} may write, if it is one of the listed; empty: anything. */
    static Optional<HeapWrites> of(IMethod m) {
        String owner = m.getDeclaringClass().getName().toString();
        String name = m.getName().toString();
        HeapWrites writes = new HeapWrites();
        if (owner.equals("Ljava/lang/Math") || owner.equals("Ljava/lang/StrictMath")) {
            // functions of their arguments (random() advances a generator of its own)
            return m.isStatic() ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/lang/Object")) {
            // the constructor is empty; getClass, equals (==) and the identity hashCode read the receiver's header;
            // clone writes only the copy it creates. Overrides in the program are targets of their own.
            return Set.of("<init>", "getClass", "equals", "hashCode", "clone").contains(name) ? Optional.of(writes) : Optional.empty();
        } else if (BOXES.contains(owner)) {
            // boxing, unboxing, parsing, printing, comparing: values in, values (or a new or cached box) out; the get*
            // methods (getInteger, getLong, getBoolean, getName) read system properties or resources, which may run
            // a program's security manager or class loader
            return onlyValues(m) && !name.startsWith("get") ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/lang/String")) {
            // strings are immutable (the cached hash is private); getBytes may look a charset up through the program's
            // charset providers
            return onlyValues(m) && !name.equals("getBytes") ? Optional.of(writes) : Optional.empty();
        } else if (BUILDERS.contains(owner)) {
            // given values only, they write the builder's own buffer and length: fields the program cannot name
            // (StringBuffer's monitor is JDK synchronisation, which neither the kill sets nor the runtime model)
            return onlyValues(m) ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/lang/System")) {
            // arraycopy writes elements of its destination, of any array type; the clocks and the identity hash read
            if (name.equals("arraycopy")) {
                writes.everyElement();
                return Optional.of(writes);
            }
            return Set.of("nanoTime", "currentTimeMillis", "identityHashCode").contains(name) ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/util/Arrays")) {
            // fill writes the elements of the array it is given; copies write only the new array; equals and
            // hashCode read (an element's own equals / hashCode is a callback)
            if (name.equals("fill")) {
                writes.addElements(m.getParameterType(0).getArrayElementType());
                return Optional.of(writes);
            }
            return Set.of("copyOf", "copyOfRange", "equals", "hashCode").contains(name) ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/lang/Thread")) {
            // returns the running thread
            return name.equals("currentThread") ? Optional.of(writes) : Optional.empty();
        } else if (owner.equals("Ljava/lang/Enum")) {
            // the constructor sets the new constant's private name and ordinal; name and ordinal read them
            return Set.of("<init>", "name", "ordinal").contains(name) ? Optional.of(writes) : Optional.empty();
        } else if (m.isInit() && isThrowable(m.getDeclaringClass()) && THROWABLE_PACKAGES.stream().anyMatch(owner::startsWith)) {
            // an exception's constructor stores its message and cause in the new exception and fills in its stack
            // trace (an override of fillInStackTrace or a cause's toString is a callback); not every package's:
            // java.sql's print to DriverManager's log writer, which the program sets
            return Optional.of(writes);
        }
        return Optional.empty();
    }

    /** Every parameter (the receiver aside) is a primitive or a String: the method is given no object it could change. */
    private static boolean onlyValues(IMethod m) {
        for (int p = m.isStatic() ? 0 : 1; p < m.getNumberOfParameters(); p++) {
            TypeReference t = m.getParameterType(p);
            if (!t.isPrimitiveType() && !t.equals(STRING)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isThrowable(IClass c) {
        for (IClass k = c; k != null; k = k.getSuperclass()) {
            if (k.getName().toString().equals("Ljava/lang/Throwable")) {
                return true;
            }
        }
        return false;
    }
}
