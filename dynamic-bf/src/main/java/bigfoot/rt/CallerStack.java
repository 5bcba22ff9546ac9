package bigfoot.rt;

import java.util.List;

/**
 * The callers of the method making a check, for a race's report: a bounded number of frames, walked only when a
 * race is seen for the first time (the slow path), never on a check's fast path. The runtime's own frames (on top,
 * and the wrappers of tasks and stages below) and the checking method's frame (the site already names it) are left out; a check the runtime makes for a thread from
 * elsewhere (the pending array checks of every thread, committed when the program ends) has no program frame, so
 * no callers. Array checks are committed at the thread's next synchronisation: their callers are that point's.
 */
final class CallerStack {

    /** Frames kept per stack. */
    static final int MAX_FRAMES = 8;

    private static final String RUNTIME_PACKAGE = RT.class.getPackageName() + ".";

    private CallerStack() {
    }

    /** {@code demo.Bank.transfer(Bank.java:31)}, ..., outermost last; empty outside program code. */
    static List<String> here() {
        return StackWalker.getInstance().walk(frames -> frames
                // on top: the runtime's frames, and the JDK's they call through (a map's computeIfAbsent)
                .dropWhile(f -> isRuntime(f.getClassName()) || isJdk(f.getClassName()))
                .skip(1)
                .filter(f -> !isRuntime(f.getClassName())) // below: the wrappers a task or a stage runs through
                .limit(MAX_FRAMES)
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")")
                .toList());
    }

    /** A class of the runtime's package (not of a package below it). */
    private static boolean isRuntime(String className) {
        return className.startsWith(RUNTIME_PACKAGE) && className.indexOf('.', RUNTIME_PACKAGE.length()) < 0;
    }

    private static boolean isJdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }
}
