package bigfoot.rt;

import java.io.File;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * Classes that were not rewritten ahead of time, rewritten as they load ({@code load-time=CLASSPATH}: where
 * StaticBF's classes are, e.g. its CLI jar). StaticBF is loaded in a class loader of its own, so the runtime
 * keeps depending on nothing of it; its {@code LoadTimeRewriter} (fasttrack placement, fields of such classes
 * checked by name) decides which classes to rewrite and leaves the JDK, the runtime and classes rewritten
 * ahead of time alone. A class it cannot rewrite loads unchanged.
 */
final class LoadTimeInstrumentation implements ClassFileTransformer {

    private static final String REWRITER = "bigfoot.staticbf.loadtime.LoadTimeRewriter";

    private final ClassLoader rewriterLoader;
    private final MethodHandle rewrite;

    private LoadTimeInstrumentation(ClassLoader rewriterLoader, MethodHandle rewrite) {
        this.rewriterLoader = rewriterLoader;
        this.rewrite = rewrite;
    }

    /** Registers the transformer; IllegalArgumentException (one line) if StaticBF cannot be found there. */
    static void install(Instrumentation instrumentation, String classpath) {
        List<URL> urls = new ArrayList<>();
        for (String element : classpath.split(File.pathSeparator)) {
            if (!element.isEmpty()) {
                if (!new File(element).exists()) {
                    throw new IllegalArgumentException("load-time: " + element + " does not exist");
                }
                try {
                    urls.add(new File(element).toURI().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalArgumentException("load-time: bad path " + element);
                }
            }
        }
        ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        try {
            Class<?> type = Class.forName(REWRITER, true, loader);
            Object rewriter = type.getConstructor(java.io.PrintStream.class).newInstance(System.err);
            MethodHandle rewrite = MethodHandles.publicLookup().findVirtual(type, "rewrite",
                    MethodType.methodType(byte[].class, ClassLoader.class, String.class, byte[].class)).bindTo(rewriter);
            instrumentation.addTransformer(new LoadTimeInstrumentation(loader, rewrite));
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("load-time: no StaticBF in " + classpath + " (" + e + ")");
        }
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        if (loader == null || loader == rewriterLoader || classBeingRedefined != null) {
            return null;
        }
        try {
            return (byte[]) rewrite.invokeExact(loader, className, classfileBuffer);
        } catch (Throwable t) {
            return null; // the rewriter reports its own failures; the class loads as it is
        }
    }
}
