package bigfoot.staticbf.hierarchy;

import bigfoot.staticbf.jdk.FinalizerEdge;
import bigfoot.staticbf.tool.Diagnostics;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The application's class world, answered from class files only (application classes are never
 * loaded): the input jar first, then the {@code --classpath}, then the JDK. Safe for several threads: a lookup gives
 * its warnings (a class not found or unreadable) each time it is made, once per run as {@link Diagnostics#warnOnce}
 * gives them, so the warnings of work done on several threads do not depend on which thread looked first.
 */
public final class ClassHierarchy implements Closeable {

    public static final String OBJECT = "java/lang/Object";

    private final List<ClassSource> sources;
    private final Diagnostics diagnostics;
    /** Each class looked up, with what it gave and the warnings its lookup gave; added to under this object's lock. */
    private final Map<String, Lookup> cache = new ConcurrentHashMap<>();

    private record Lookup(ClassInfo info, List<Diagnostics.Warning> warnings) {
    }

    /** @param sources in lookup order; closed with this hierarchy */
    public ClassHierarchy(List<ClassSource> sources, Diagnostics diagnostics) {
        this.sources = List.copyOf(sources);
        this.diagnostics = diagnostics;
    }

    /** The class, or null (with a warning, once per class) if no source has it. */
    public ClassInfo find(String internalName) {
        if (internalName.startsWith("[")) {
            return null; // an array type: no class file
        }
        Lookup found = cache.get(internalName);
        if (found == null) {
            synchronized (this) { // the sources are read by one thread at a time
                found = cache.get(internalName);
                if (found == null) {
                    List<Diagnostics.Warning> warnings = new ArrayList<>();
                    ClassInfo info = lookup(internalName, warnings);
                    if (info == null) {
                        warnings.add(new Diagnostics.Warning("missing " + internalName, "class "
                                + internalName.replace('/', '.') + " not found in the input jar, "
                                + "--classpath or the JDK; code using it is instrumented conservatively"));
                    }
                    found = new Lookup(info, List.copyOf(warnings));
                    cache.put(internalName, found);
                }
            }
        }
        if (!found.warnings().isEmpty()) {
            diagnostics.replay(found.warnings());
        }
        return found.info();
    }

    /** The class file of {@code internalName} from the first source that keeps its bytes (the JDK's), or null. */
    public byte[] classFile(String internalName) {
        try {
            synchronized (this) { // the sources are read by one thread at a time
                for (ClassSource source : sources) {
                    byte[] bytes = source.bytes(internalName);
                    if (bytes != null) {
                        return bytes;
                    }
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Makes {@code info} known by its name, though no source may have it: a class being defined from bytes at load
     * time (a generated proxy), whose own fields and supertypes its rewriting resolves.
     */
    public synchronized void define(ClassInfo info) {
        cache.putIfAbsent(info.name(), new Lookup(info, List.of()));
    }

    private ClassInfo lookup(String internalName, List<Diagnostics.Warning> warnings) {
        try {
            for (ClassSource source : sources) {
                ClassInfo info = readFrom(source, internalName, warnings);
                if (info != null) {
                    return info;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read class " + internalName, e);
        }
    }

    private ClassInfo readFrom(ClassSource source, String internalName, List<Diagnostics.Warning> warnings)
            throws IOException {
        try {
            return source.find(internalName);
        } catch (RuntimeException e) { // ASM's reaction to a malformed class file
            warnings.add(new Diagnostics.Warning("unreadable " + internalName, "ignoring unreadable class file for "
                    + internalName.replace('/', '.') + " on the --classpath (" + e + ")"));
            return null;
        }
    }

    /** True if {@code name} is {@code ancestor} or a subclass of it; false if unknown. */
    public boolean isSubclassOf(String name, String ancestor) {
        for (String c = name; c != null; ) {
            if (c.equals(ancestor)) {
                return true;
            }
            ClassInfo info = find(c);
            c = info == null ? null : info.superName();
        }
        return false;
    }

    /** True if {@code name} is {@code type} or has it among its supertypes (classes and interfaces). */
    public boolean isSubtypeOf(String name, String type) {
        Deque<String> work = new ArrayDeque<>(List.of(name));
        Set<String> seen = new HashSet<>();
        while (!work.isEmpty()) {
            String c = work.pop();
            if (c.equals(type)) {
                return true;
            }
            ClassInfo info = seen.add(c) ? find(c) : null;
            if (info != null) {
                if (info.superName() != null) {
                    work.push(info.superName());
                }
                info.interfaces().forEach(work::push);
            }
        }
        return false;
    }

    /**
     * True if {@code name} has a finalizer: it or a superclass other than java/lang/Object declares
     * {@code finalize()} ({@link FinalizerEdge}); false if unknown.
     */
    public boolean hasFinalizer(String name) {
        for (String c = name; c != null && !c.equals(OBJECT); ) {
            ClassInfo info = find(c);
            if (info == null) {
                return false;
            }
            if (info.declaresMethod(FinalizerEdge.FINALIZE, FinalizerEdge.FINALIZE_DESCRIPTOR)) {
                return true;
            }
            c = info.superName();
        }
        return false;
    }

    /**
     * True if the method a call names ({@code owner}'s, or the one it inherits: the nearest declaration among its
     * supertypes) declares {@code InterruptedException}.
     */
    public boolean declaresInterruptedException(String owner, String name, String descriptor) {
        Deque<String> work = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        while (!work.isEmpty()) {
            String c = work.pollFirst();
            ClassInfo info = seen.add(c) ? find(c) : null;
            if (info == null) {
                continue;
            }
            Boolean declares = info.declaresInterruptedException(name, descriptor);
            if (declares != null) {
                return declares;
            }
            if (info.superName() != null) {
                work.addLast(info.superName());
            }
            work.addAll(info.interfaces());
        }
        return false;
    }

    /**
     * The most specific common superclass, as {@code ClassWriter.getCommonSuperClass} needs it; interfaces
     * and unknown classes merge to java/lang/Object (the verifier treats interface types as Object).
     */
    public String commonSuperClass(String a, String b) {
        if (a.equals(b)) {
            return a;
        }
        ClassInfo infoA = find(a);
        ClassInfo infoB = find(b);
        if (infoA == null || infoB == null || infoA.isInterface() || infoB.isInterface()) {
            return OBJECT;
        }
        Set<String> ancestorsOfA = new HashSet<>();
        for (ClassInfo c = infoA; c != null; c = c.superName() == null ? null : find(c.superName())) {
            ancestorsOfA.add(c.name());
        }
        for (ClassInfo c = infoB; c != null; c = c.superName() == null ? null : find(c.superName())) {
            if (ancestorsOfA.contains(c.name())) {
                return c.name();
            }
        }
        return OBJECT;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (ClassSource source : sources) {
            try {
                source.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
