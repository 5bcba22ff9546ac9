package bigfoot.staticbf.wala;

import bigfoot.staticbf.jdk.FinalizerEdge;
import bigfoot.staticbf.jdk.JdkSyncModel;
import bigfoot.staticbf.jdk.Side;
import bigfoot.staticbf.jdk.TaskBody;
import bigfoot.staticbf.jdk.Types;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.shrike.shrikeCT.InvalidClassFileException;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.TypeReference;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The kill sets' reading of the JDK synchronisation model ({@link JdkSyncModel}, which the rewriter's events read
 * too): HB sinks count as ACQUIRE, HB sources as RELEASE, operations that are both (wait, barriers,
 * read-modify-write atomics, calls the model assumes may do anything) as BOTH. Every overload of a method the model
 * names counts, which errs towards more checks, never fewer. Callbacks from the JDK into the application (a
 * comparator, a forEach lambda) are {@link KillSets}' business ({@link JdkCallbacks}), not the model's.
 */
final class LibraryModel {

    private static final String INTERRUPTED = "L" + JdkSyncModel.INTERRUPTED_EXCEPTION;

    private final IClassHierarchy cha;
    private final Map<String, Optional<IClass>> classes = new HashMap<>();
    private final Map<String, Optional<KillSet>> sides = new HashMap<>();
    private final Types types = this::isSubtypeOf;

    LibraryModel(IClassHierarchy cha) {
        this.cha = cha;
    }

    /**
     * The side the model gives methods called {@code methodName} of class {@code className} (internal name), or
     * empty. A call is asked about twice over: for the class it names (the rewriter puts its events by that:
     * {@code queue.addAll(c)} names BlockingQueue.addAll, which the model covers, though AbstractQueue.addAll runs),
     * and for each JDK method that may run. Memoised: the kill sets ask once per call site and target.
     */
    Optional<KillSet> sideOf(String className, String methodName) {
        return sides.computeIfAbsent(className + "." + methodName, k -> {
            Side side = JdkSyncModel.sideOf(methodName, className, types);
            return side == Side.NONE ? Optional.empty() : Optional.of(killSet(side));
        });
    }

    /**
     * What {@code m} does at entry and exit because the rewriter instruments it as a task's body (a ForkJoin task's
     * {@code compute()}, a TimerTask's {@code run()}) or for the finalizer edge (a constructor of a class with a
     * finalizer, a {@code finalize()}: {@link FinalizerEdge}): NONE if neither.
     */
    KillSet bodySide(IMethod m) {
        boolean concreteWithoutArguments = !m.isStatic() && !m.isAbstract() && m.getNumberOfParameters() == 1;
        KillSet task = JdkSyncModel.bodyOf(internalName(m.getDeclaringClass()), m.getName().toString(),
                concreteWithoutArguments, types).map(TaskBody::side).map(LibraryModel::killSet).orElse(KillSet.NONE);
        return task.union(killSet(FinalizerEdge.sideOf(m.getName().toString(), m.getDescriptor().toString(),
                m.isStatic(), () -> WalaProgram.hasFinalizer(m.getDeclaringClass()))));
    }

    /**
     * INTERRUPT DETECTED BY AN EXCEPTION: a call naming {@code owner}'s JDK method {@code named} acquires from the
     * thread's channel when it throws InterruptedException, if the model's rule covers it and it declares it.
     */
    static boolean detectsInterrupts(String owner, IMethod named) {
        if (!JdkSyncModel.detectsInterrupts(owner, named.getName().toString())) {
            return false;
        }
        try {
            TypeReference[] exceptions = named.getDeclaredExceptions();
            return exceptions != null && Arrays.stream(exceptions).anyMatch(e -> e.getName().toString().equals(INTERRUPTED));
        } catch (InvalidClassFileException | UnsupportedOperationException e) {
            return true; // unknown: an acquire errs towards more checks
        }
    }

    private static KillSet killSet(Side side) {
        return KillSet.of(side.acquires(), side.releases());
    }

    /** {@code java/util/Map} for WALA's {@code Ljava/util/Map}. */
    static String internalName(IClass c) {
        return c.getName().toString().substring(1);
    }

    /** By the class hierarchy; for JDK classes it leaves out, by the running JDK's. */
    private boolean isSubtypeOf(String name, String type) {
        Optional<IClass> c = lookup(name);
        Optional<IClass> t = lookup(type);
        if (c.isPresent() && t.isPresent()) {
            return cha.isAssignableFrom(t.get(), c.get());
        }
        return JdkExclusions.isExcludedJdkClass(name) && jdkClass(type).map(a -> jdkClass(name).map(a::isAssignableFrom)
                .orElse(false)).orElse(false);
    }

    private static Optional<Class<?>> jdkClass(String name) {
        try {
            return Optional.of(Class.forName(name.replace('/', '.'), false, null));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    private Optional<IClass> lookup(String name) {
        return classes.computeIfAbsent(name, n -> {
            IClass c = cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Application, "L" + n));
            return Optional.ofNullable(c != null ? c
                    : cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Primordial, "L" + n)));
        });
    }
}
