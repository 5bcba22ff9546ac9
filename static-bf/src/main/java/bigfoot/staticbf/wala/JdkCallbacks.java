package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.MethodReference;
import com.ibm.wala.types.Selector;
import com.ibm.wala.types.TypeReference;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CALLBACK: the program methods a call into the JDK may run. The JDK's code is not analysed (the BigFoot dissertation, section 3.5.1), but it
 * calls methods of the objects the program hands it, and those may synchronise: {@code doPrivileged(this)} runs
 * {@code this.run()}, {@code Observable.notifyObservers()} the observers' {@code update}, a {@code DataInputStream}
 * the {@code read} of the program's stream it wraps, a {@code HashMap} its keys' {@code hashCode} and {@code equals}.
 * A kill set that missed them would let a check move past the release of a callback (derby under the verifier).
 *
 * <p>A JDK call may call back, on every program class (and lambda) that is a subtype of a type T, the methods that
 * override a method of T, where T is:
 * <ul>
 * <li>the declared type of a reference parameter (an array's element type), or of the receiver;</li>
 * <li>for a receiver of a JDK type that holds objects given to it earlier ({@link #HELD}), the type of what it
 *     holds: an {@code Observable}'s observers, the stream a filter stream wraps, a collection's elements.</li>
 * </ul>
 * For {@code Object}, the methods are {@code equals}, {@code hashCode}, {@code toString} and, since sorted
 * collections cast their elements, {@code Comparable.compareTo}. This over-approximates (a {@code Runnable} given to
 * {@code new Thread(r)} is not run by the constructor) and stays sound for callbacks through these paths; a callback
 * through an object the JDK reached some other way (a static registry) is not seen.
 */
final class JdkCallbacks {

    /** JDK receiver types whose methods call objects they were given earlier, and the types of those objects. */
    private static final Map<String, List<String>> HELD = Map.of(
            "Ljava/util/Observable", List.of("Ljava/util/Observer"),
            "Ljava/io/InputStream", List.of("Ljava/io/InputStream"),
            "Ljava/io/OutputStream", List.of("Ljava/io/OutputStream"),
            "Ljava/io/Reader", List.of("Ljava/io/Reader", "Ljava/io/InputStream"),
            "Ljava/io/Writer", List.of("Ljava/io/Writer", "Ljava/io/OutputStream"),
            "Ljava/util/Collection", List.of("Ljava/lang/Object", "Ljava/util/Comparator"),
            "Ljava/util/Map", List.of("Ljava/lang/Object", "Ljava/util/Comparator"),
            "Ljava/util/Iterator", List.of("Ljava/lang/Object"));

    private static final Selector COMPARE_TO = Selector.make("compareTo(Ljava/lang/Object;)I");

    private final IClassHierarchy cha;
    private final List<IClass> programClasses;
    private final LambdaBodies lambdas;
    private final Map<TypeReference, Set<IMethod>> byType = new HashMap<>();
    private final Map<MethodReference, Set<IMethod>> byCall = new HashMap<>();

    JdkCallbacks(IClassHierarchy cha, List<IClass> programClasses, LambdaBodies lambdas) {
        this.cha = cha;
        this.programClasses = programClasses;
        this.lambdas = lambdas;
    }

    /**
     * JDK types whose methods hand what they are given to another thread ({@code new Thread(r)}, {@code execute(r)}):
     * the library model gives them their happens-before edges; they run nothing in the calling thread.
     */
    private static final List<String> HANDS_OFF = List.of("Ljava/lang/Thread", "Ljava/util/concurrent/Executor",
            "Ljava/util/Timer");

    /** The program methods a call to the JDK method {@code declared} may call back. */
    Set<IMethod> of(MethodReference declared, boolean isStatic) {
        return byCall.computeIfAbsent(declared, d -> {
            Set<IMethod> result = new LinkedHashSet<>();
            IClass owner = cha.lookupClass(d.getDeclaringClass());
            if (owner != null && HANDS_OFF.stream().map(this::jdkClass)
                    .anyMatch(h -> h != null && cha.isAssignableFrom(h, owner))) {
                return result;
            }
            if (owner != null && !owner.isInterface() && owner.getSuperclass() == null
                    && !d.getName().toString().equals("toString")) {
                return result; // Object's methods call nothing of the program, but toString its hashCode
            }
            for (int p = 0; p < d.getNumberOfParameters(); p++) {
                result.addAll(ofType(d.getParameterType(p)));
            }
            if (!isStatic) {
                result.addAll(ofType(d.getDeclaringClass()));
                HELD.forEach((holder, held) -> {
                    IClass h = jdkClass(holder);
                    if (owner != null && h != null && cha.isAssignableFrom(h, owner)) {
                        held.forEach(t -> result.addAll(ofType(TypeReference.findOrCreate(ClassLoaderReference.Primordial, t))));
                    }
                });
            }
            return result;
        });
    }

    private IClass jdkClass(String name) {
        return cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Primordial, name));
    }

    /** The methods of program subtypes of {@code type} (and lambdas) overriding one of its methods. */
    private Set<IMethod> ofType(TypeReference type) {
        TypeReference t = type;
        while (t.isArrayType()) {
            t = t.getArrayElementType();
        }
        if (t.isPrimitiveType()) {
            return Set.of();
        }
        return byType.computeIfAbsent(t, key -> {
            IClass c = cha.lookupClass(key);
            Set<IMethod> result = new LinkedHashSet<>();
            if (c == null) {
                return result;
            }
            Set<Selector> selectors = new LinkedHashSet<>();
            boolean isObject = c.getSuperclass() == null && !c.isInterface();
            for (IMethod m : c.getAllMethods()) {
                if (!m.isStatic() && !m.isInit() && !m.isClinit() && !m.isPrivate()
                        && (!isObject || List.of("equals", "hashCode", "toString").contains(m.getName().toString()))) {
                    selectors.add(m.getSelector());
                }
            }
            if (isObject) {
                selectors.add(COMPARE_TO);
            }
            for (IClass program : programClasses) {
                if (!program.isInterface() && cha.isAssignableFrom(c, program)) {
                    for (Selector s : selectors) {
                        IMethod m = program.getMethod(s);
                        if (m != null && !m.isAbstract() && !WalaProgram.isJdk(m)) {
                            result.add(m);
                        }
                    }
                }
            }
            selectors.forEach(s -> result.addAll(lambdas.mayRun(MethodReference.findOrCreate(key, s))));
            return result;
        });
    }
}
