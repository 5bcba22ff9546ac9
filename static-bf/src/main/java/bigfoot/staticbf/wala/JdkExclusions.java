package bigfoot.staticbf.wala;

import com.ibm.wala.util.config.StringFilter;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * JDK packages left out of the class hierarchy, which StaticBF never needs whole: it never analyses JDK bodies (the
 * library model answers for them), and a call into an excluded class counts as a JDK call that may call the program
 * back ({@link ProgramCalls.Resolution#EXCLUDED_JDK}). Of {@code java/lang/invoke} only what lambdas need is kept, and
 * {@code VarHandle} (its access modes synchronise: the library model's). Of {@code java/security} only {@code doPrivileged} and its actions are kept: it calls the
 * program's actions back ({@link JdkCallbacks}). WALA applies exclusions to every class loader, so the application's own classes are
 * guarded: an application class in, say, {@code javax/annotation} is never excluded.
 */
final class JdkExclusions implements StringFilter {
    private static final long serialVersionUID = 1L;

    static final List<String> PATTERNS = List.of(
            "java/awt/.*", "javax/.*", "sun/.*", "com/sun/.*", "jdk/.*", "java/net/.*",
            "java/nio/.*", "java/security/(?!AccessController$|Privileged(Exception)?Action$).*", "java/time/.*", "java/util/stream/.*",
            "java/lang/invoke/(?!LambdaMetafactory$|MethodHandle$|MethodHandles(\\$.*)?$|MethodType$|CallSite$|StringConcatFactory$|VarHandle$).*");

    private static final Pattern EXCLUDED = Pattern.compile(String.join("|", PATTERNS));
    /** The patterns that are a package prefix and {@code .*}: tested without the regular expression. */
    private static final List<String> PREFIXES = PATTERNS.stream().filter(p -> p.endsWith("/.*") && !p.contains("("))
            .map(p -> p.substring(0, p.length() - ".*".length())).toList();

    private final Set<String> applicationClasses;

    /** @param applicationClasses internal names ({@code a/b/C}) of the classes of the application and its classpath */
    JdkExclusions(Set<String> applicationClasses) {
        this.applicationClasses = Set.copyOf(applicationClasses);
    }

    /** @param className an internal name without the leading {@code L} */
    @Override
    public boolean test(String className) {
        return isExcludedJdkClass(className) && !applicationClasses.contains(className);
    }

    /**
     * True if the application or its classpath has a class of a name the exclusions leave out of the JDK: whether the
     * JDK has a class of that name too (which then stays in the hierarchy) only the JDK's own files say.
     */
    boolean namesApplicationClasses() {
        return applicationClasses.stream().anyMatch(JdkExclusions::isExcludedJdkClass);
    }

    /**
     * Whether a JDK class of this internal name is left out of the hierarchy. Asked of every class of the JDK (26,000):
     * the packages left out whole are prefixes, and only the rest meets the regular expression.
     */
    static boolean isExcludedJdkClass(String className) {
        for (String prefix : PREFIXES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return EXCLUDED.matcher(className).matches();
    }

    @Override
    public Object toJson() {
        return PATTERNS;
    }
}
