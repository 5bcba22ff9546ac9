package bigfoot.staticbf.loadtime;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.bytecode.Subroutines;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.ClassSource;
import bigfoot.staticbf.hierarchy.JdkClassSource;
import bigfoot.staticbf.mode.FastTrackPlacement;
import bigfoot.staticbf.rewrite.ClassRewriter;
import bigfoot.staticbf.rewrite.Environment;
import bigfoot.staticbf.rewrite.ShadowPolicy;
import bigfoot.staticbf.tool.Diagnostics;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Rewrites, as they are loaded, the classes StaticBF did not rewrite ahead of time (generated, loaded from
 * elsewhere, left out by mistake), in fasttrack placement: a check at every access, events at every
 * synchronisation. The runtime agent calls {@link #rewrite} from its class-file transformer (through
 * reflection: the runtime depends on nothing of StaticBF).
 *
 * <p>Fields keep the shadows the rest of the program gives them: a class rewritten now gets no shadow fields,
 * so its fields are checked as foreign fields (by name), as code rewritten ahead of time checks fields of classes
 * it did not rewrite; fields of classes rewritten ahead of time use their shadow fields. The class hierarchy is
 * read through the loading class loader. A class that cannot be rewritten loads unchanged, with one warning.
 */
public final class LoadTimeRewriter {

    private static final List<String> NEVER = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/", "bigfoot/");

    private final Diagnostics diagnostics;
    private final Map<ClassLoader, Rewriting> byLoader = new WeakHashMap<>();
    private int rewritten;

    public LoadTimeRewriter(PrintStream err) {
        this.diagnostics = new Diagnostics(err);
    }

    /**
     * The rewritten class file of {@code className} (internal name) defined by {@code loader}, or null to load it
     * as it is (JDK and runtime classes, classes rewritten ahead of time, failures).
     */
    public synchronized byte[] rewrite(ClassLoader loader, String className, byte[] classFile) {
        if (loader == null || className == null || NEVER.stream().anyMatch(className::startsWith)) {
            return null;
        }
        try {
            ClassInfo info = ClassInfo.read(classFile, true);
            if (info.fields().stream().anyMatch(f -> f.name().equals(RuntimeApi.SITE_BASE_FIELD))) {
                return null; // rewritten ahead of time
            }
            Rewriting rewriting = rewritingFor(loader);
            rewriting.hierarchy().define(info); // its loader may have no class file for it
            ClassRewriter.Result result = rewriting.rewriter().rewrite(Subroutines.inlined(classFile));
            if (!result.changed()) {
                return null;
            }
            rewritten++;
            return result.bytes();
        } catch (ClassRewriter.RewriteException | RuntimeException | LinkageError e) {
            diagnostics.warnOnce(className, "class " + className.replace('/', '.') + " is not checked: it could not be "
                    + "rewritten at load time (" + e + ")");
            return null;
        }
    }

    /** How many classes were rewritten at load time so far. */
    public synchronized int rewritten() {
        return rewritten;
    }

    /** The class hierarchy seen through one class loader, and the rewriter of its classes. */
    private record Rewriting(ClassHierarchy hierarchy, ClassRewriter rewriter) {
    }

    private Rewriting rewritingFor(ClassLoader loader) {
        return byLoader.computeIfAbsent(loader, l -> {
            List<ClassSource> sources = List.of(new LoaderClassSource(l), new JdkClassSource());
            ClassHierarchy hierarchy = new ClassHierarchy(sources, diagnostics);
            return new Rewriting(hierarchy, new ClassRewriter(new Environment(hierarchy, new ShadowPolicy(Set.of()),
                    new FastTrackPlacement(), false, diagnostics)));
        });
    }
}
