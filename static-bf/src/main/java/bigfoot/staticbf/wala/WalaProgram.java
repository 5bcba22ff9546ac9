package bigfoot.staticbf.wala;

import bigfoot.staticbf.jdk.FinalizerEdge;
import bigfoot.staticbf.store.FileStore;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.classLoader.Module;
import com.ibm.wala.core.util.io.FileProvider;
import com.ibm.wala.ipa.callgraph.AnalysisCacheImpl;
import com.ibm.wala.ipa.callgraph.AnalysisScope;
import com.ibm.wala.ipa.callgraph.IAnalysisCacheView;
import com.ibm.wala.ipa.cha.ClassHierarchyException;
import com.ibm.wala.ipa.cha.ClassHierarchyFactory;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.ipa.summaries.LambdaSummaryClass;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.Selector;
import com.ibm.wala.types.TypeReference;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The program under analysis as WALA sees it: the application (Application loader), its classpath
 * (Extension loader), the JDK (Primordial loader), and the class hierarchy over all three.
 * Built once per run; the call targets, the kill sets and the per-method IRs all hang off it.
 */
public final class WalaProgram {

    private static final Selector FINALIZE = Selector.make(FinalizerEdge.FINALIZE + FinalizerEdge.FINALIZE_DESCRIPTOR);


    /**
     * What to load. Application and classpath elements are jars or directories of class files.
     *
     * @param jdkHome the JDK whose library the program runs against (default: the running JVM's java.home)
     * @param keptJdk where the JDK's classes the hierarchy reads are kept from one run to the next, if anywhere
     */
    public record Input(List<Path> application, List<Path> classpath, Path jdkHome, JdkSource jdk,
            Optional<FileStore> keptJdk) {
        public Input {
            application = List.copyOf(application);
            classpath = List.copyOf(classpath);
        }

        public static Input of(List<Path> application) {
            return new Input(application, List.of(), Paths.get(System.getProperty("java.home")), JdkSource.AUTO,
                    Optional.empty());
        }

        public Input withClasspath(List<Path> cp) {
            return new Input(application, cp, jdkHome, jdk, keptJdk);
        }

        public Input withJdk(Path home, JdkSource source) {
            return new Input(application, classpath, home, source, keptJdk);
        }

        /** This input with the JDK's classes kept in {@code store} ({@link KeptJdkClasses}). */
        public Input withKeptJdk(FileStore store) {
            return new Input(application, classpath, jdkHome, jdk, Optional.of(store));
        }
    }

    private final IClassHierarchy hierarchy;
    private final JdkSource jdkSource;
    private final List<String> warnings;
    private final IAnalysisCacheView cache = new AnalysisCacheImpl();
    /** Listed at the first request: WALA parses each class's methods to list them. */
    private List<IClass> applicationClasses;
    private List<IMethod> applicationMethods;

    private WalaProgram(IClassHierarchy hierarchy, JdkSource jdkSource, List<String> warnings) {
        this.hierarchy = hierarchy;
        this.jdkSource = jdkSource;
        this.warnings = List.copyOf(warnings);
    }

    /** Reads the inputs and builds scope and hierarchy; any unreadable input is one line in the exception. */
    public static WalaProgram load(Input input) throws FrontendException {
        if (input.application().isEmpty()) {
            throw new FrontendException("no application jar or directory given");
        }
        List<ClassPathEntry> application = open(input.application(), true);
        List<ClassPathEntry> classpath = open(input.classpath(), false);
        for (ClassPathEntry app : application) {
            if (app.classNames().isEmpty()) {
                throw new FrontendException("cannot analyse " + app.path() + ": it holds no class files");
            }
        }
        Set<String> ownClasses = new HashSet<>();
        application.forEach(e -> ownClasses.addAll(e.classNames()));
        classpath.forEach(e -> ownClasses.addAll(e.classNames()));
        JdkExclusions exclusions = new JdkExclusions(ownClasses);
        JdkModules jdk = JdkModules.load(input.jdkHome(), input.jdk(), exclusions, input.keptJdk());

        AnalysisScope scope = AnalysisScope.createJavaAnalysisScope();
        for (Module m : jdk.modules()) {
            scope.addToScope(ClassLoaderReference.Primordial, m);
        }
        scope.addToScope(ClassLoaderReference.Primordial, walaLibraryModels());
        classpath.forEach(e -> scope.addToScope(ClassLoaderReference.Extension, e.module()));
        application.forEach(e -> scope.addToScope(ClassLoaderReference.Application, e.module()));
        scope.setExclusions(exclusions);

        IClassHierarchy cha;
        try {
            // makeWithRoot: a class whose superclass is missing (excluded or not on the classpath)
            // is kept, hung under Object, instead of being silently dropped
            cha = ClassHierarchyFactory.makeWithRoot(scope);
        } catch (ClassHierarchyException e) {
            throw new FrontendException("cannot build the class hierarchy: " + e.getMessage(), e);
        }
        List<String> warnings = new ArrayList<>();
        reportUnloaded(cha, application, ClassLoaderReference.Application, warnings);
        reportUnloaded(cha, classpath, ClassLoaderReference.Extension, warnings);
        return new WalaProgram(cha, jdk.source(), warnings);
    }

    private static List<ClassPathEntry> open(List<Path> paths, boolean application) throws FrontendException {
        List<ClassPathEntry> entries = new ArrayList<>();
        for (Path p : paths) {
            entries.add(ClassPathEntry.open(p, application));
        }
        return entries;
    }

    /** WALA's own model classes (used by its summaries of native JDK methods), shipped inside WALA's jar. */
    private static Module walaLibraryModels() throws FrontendException {
        try {
            return new FileProvider().getJarFileModule("primordial.jar.model", WalaProgram.class.getClassLoader());
        } catch (IOException e) {
            throw new FrontendException("cannot read WALA's primordial.jar.model: " + e.getMessage(), e);
        }
    }

    /** Classes of the inputs that WALA did not load (a bad class file, or a name the JDK already defines). */
    private static void reportUnloaded(IClassHierarchy cha, List<ClassPathEntry> entries,
                                       ClassLoaderReference loader, List<String> warnings) {
        Set<String> loaded = new HashSet<>();
        cha.getLoader(loader).iterateAllClasses().forEachRemaining(
                c -> loaded.add(c.getName().toString().substring(1)));
        for (ClassPathEntry e : entries) {
            Set<String> missing = new TreeSet<>(e.classNames());
            missing.removeAll(loaded);
            if (!missing.isEmpty()) {
                warnings.add(e.path() + ": " + missing.size() + " class(es) not loaded, e.g. " + missing.iterator().next());
            }
        }
    }

    public IClassHierarchy hierarchy() {
        return hierarchy;
    }

    /** One analysis cache for the whole run: the IRs {@link MethodIRs} builds, for the call targets and the methods. */
    IAnalysisCacheView cache() {
        return cache;
    }

    /** The JDK source actually used (AUTO resolved). */
    public JdkSource jdkSource() {
        return jdkSource;
    }

    /** One line per input whose classes were not all loaded. */
    public List<String> warnings() {
        return warnings;
    }

    /** The classes of the application itself (not its classpath, not the JDK). */
    public synchronized List<IClass> applicationClasses() {
        if (applicationClasses == null) {
            List<IClass> result = new ArrayList<>();
            hierarchy.getLoader(ClassLoaderReference.Application).iterateAllClasses().forEachRemaining(result::add);
            result.sort((a, b) -> a.getName().toString().compareTo(b.getName().toString()));
            applicationClasses = List.copyOf(result);
        }
        return applicationClasses;
    }

    /** Methods of the application's classes that have bytecode (not abstract, not native). */
    public synchronized List<IMethod> applicationMethods() {
        if (applicationMethods == null) {
            applicationMethods = applicationClasses().stream()
                    .flatMap(c -> c.getDeclaredMethods().stream())
                    .filter(m -> !m.isAbstract() && !m.isNative())
                    .<IMethod>map(m -> m)
                    .toList();
        }
        return applicationMethods;
    }

    /**
     * True if {@code c} has a finalizer: it or a superclass other than java.lang.Object declares {@code finalize()}
     * ({@link FinalizerEdge}).
     */
    public static boolean hasFinalizer(IClass c) {
        IMethod finalizer = c.getMethod(FINALIZE);
        return finalizer != null && !finalizer.getDeclaringClass().getReference().equals(TypeReference.JavaLangObject);
    }

    /**
     * JDK code: analysed only through the library model, never by its body. WALA puts the classes it
     * synthesises for the application's lambdas in the Primordial loader too; those are not JDK code.
     */
    public static boolean isJdk(IClass c) {
        return c.getClassLoader().getReference().equals(ClassLoaderReference.Primordial)
                && !(c instanceof LambdaSummaryClass);
    }

    public static boolean isJdk(IMethod m) {
        return isJdk(m.getDeclaringClass());
    }
}
