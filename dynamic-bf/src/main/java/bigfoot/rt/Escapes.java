package bigfoot.rt;

import bigfoot.ir.RuntimeApi;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The dynamic half of partial escape ({@code staticbf --elide dynamic-escape}; the BigFoot dissertation, chapter 4,
 * "Correctness of Partial Escape Analysis for Multithreading Optimization"): the escaped set G as one bit per object.
 * A rewritten root class carries {@code __bf$local}, which its constructor sets first thing; the checks of a local
 * object's fields are skipped. The rewritten code calls {@link #escape} where G grows (a reference stored into an
 * escaped object, a static or an array, handed to or returned to code that is not rewritten, captured by a lambda):
 * the object and everything reachable from it through fields leave the set of local objects (the chapter's rule for
 * a write to an escaped object: {@code G ∪ reachable(v, H)}). The bit only ever goes from 1 to 0.
 *
 * <p>Objects without the bit (arrays, the JDK's, those of a class whose superclasses are not all rewritten) count as
 * escaped from birth. A store into one escapes the value, so such an object never holds a local one, and the
 * walk stops there; arrays' elements are escaped as they are stored ({@code aastore}), but for a capsule's protected
 * array while the capsule is local: the walk follows an array field's elements.
 */
final class Escapes {

    private Escapes() {
    }

    /** Per class: the handle of its bit (null if it has none) and of the reference fields the walk follows. */
    private record Layout(VarHandle bit, List<VarHandle> references) {
    }

    /** Per class, per method (name and descriptor): whether its objects run a rewritten class's code for it. */
    private static final ClassValue<Map<String, Boolean>> IMPLEMENTED = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return layout(type);
        }
    };

    /**
     * Clears the bit of {@code o} and of every local object reachable from it; nothing for null or an escaped one.
     * {@code cleared}, if not null, is told each object whose bit it cleared (the verifier's).
     */
    static void escape(Object o, Consumer<Object> cleared) {
        if (o == null || o instanceof Object[] || !clear(o, cleared)) { // an array's elements escaped as stored
            return; // the common case, escaped already or never local: nothing allocated
        }
        follow(o, null, cleared);
    }

    /** The elements of a capsule's own array stored while the capsule may no longer be local: they escape with it. */
    static void escapeElements(Object[] array, Consumer<Object> cleared) {
        ArrayDeque<Object> reached = reach(array, null, cleared);
        if (reached != null) {
            follow(reached.pop(), reached, cleared);
        }
    }

    /**
     * Follows the references of {@code first}, a cleared object, then of those left in {@code reached}: null until a
     * second local object is reached, so that escaping a leaf (most of them) allocates nothing.
     */
    private static void follow(Object first, ArrayDeque<Object> reached, Consumer<Object> cleared) {
        for (Object next = first; next != null; next = reached == null ? null : reached.poll()) {
            for (VarHandle field : LAYOUTS.get(next.getClass()).references()) {
                reached = reach(field.get(next), reached, cleared);
            }
        }
    }

    /**
     * A local object is cleared and left to follow (cleared before it is followed: a cycle ends there); an array of
     * references has its elements reached, one level: an array a capsule keeps to itself (a protected array, whose
     * stores escape nothing while their capsule is local) holds local objects, any other array escaped ones. Returns
     * the objects left to follow ({@code reached}, or a new queue if it was null and one was reached).
     */
    private static ArrayDeque<Object> reach(Object o, ArrayDeque<Object> reached, Consumer<Object> cleared) {
        if (o instanceof Object[] elements) {
            for (Object e : elements) {
                if (e != null && !(e instanceof Object[]) && clear(e, cleared)) {
                    reached = pushed(reached, e);
                }
            }
        } else if (o != null && clear(o, cleared)) {
            reached = pushed(reached, o);
        }
        return reached;
    }

    private static ArrayDeque<Object> pushed(ArrayDeque<Object> reached, Object o) {
        ArrayDeque<Object> queue = reached != null ? reached : new ArrayDeque<>();
        queue.push(o);
        return queue;
    }

    /**
     * True if a call of {@code method} (name and descriptor) on code of {@code type} (its class, for a virtual call) runs
     * code of a class rewritten with dynamic escape: the implementation it declares or inherits (not an interface's
     * default), or for a constructor the class itself.
     */
    static boolean runsProgram(Class<?> type, String method) {
        Map<String, Boolean> known = IMPLEMENTED.get(type);
        Boolean runs = known.get(method); // asked at every such call: no lambda made unless it is the first time
        if (runs == null) {
            runs = method.startsWith("<init>") ? isRewritten(type) : implementedByProgram(type, method);
            known.put(method, runs);
        }
        return runs;
    }

    private static boolean implementedByProgram(Class<?> type, String method) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (!Modifier.isAbstract(m.getModifiers()) && method.equals(m.getName()
                        + MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString())) {
                    return isRewritten(c);
                }
            }
        }
        return false;
    }

    private static boolean isRewritten(Class<?> c) {
        try {
            c.getDeclaredField(RuntimeApi.ESCAPE_MARKER_FIELD);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    /** True if {@code o} was local: it is escaped now. */
    private static boolean clear(Object o, Consumer<Object> cleared) {
        VarHandle bit = LAYOUTS.get(o.getClass()).bit();
        if (bit == null || (int) bit.get(o) == 0) {
            return false;
        }
        bit.set(o, 0);
        if (cleared != null) {
            cleared.accept(o);
        }
        return true;
    }

    /**
     * The bit a class's objects carry (declared by its topmost rewritten class) and the instance fields of reference
     * type its classes declare, up to the JDK's (whose fields only hold what was escaped on its way in, as do those of
     * a class not rewritten with the option that the runtime cannot open): fields that never hold an object with a bit
     * ({@link #neverLocal}) and the rewriter's own members are not followed.
     */
    private static Layout layout(Class<?> type) {
        VarHandle bit = null;
        List<VarHandle> references = new ArrayList<>();
        for (Class<?> c = type; c != null && !isJdk(c); c = c.getSuperclass()) {
            MethodHandles.Lookup lookup;
            try {
                lookup = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
            } catch (IllegalAccessException | RuntimeException e) {
                if (!isRewritten(c)) {
                    continue; // not rewritten with the option: its fields were given only escaped objects
                }
                throw new IllegalStateException("cannot read the fields of " + c.getName()
                        + " to follow its objects' escape (is its package open?)", e);
            }
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                try {
                    if (f.getName().equals(RuntimeApi.LOCAL_BIT_FIELD) && f.getType() == int.class) {
                        bit = lookup.unreflectVarHandle(f);
                    } else if (!neverLocal(f.getType()) && !f.getName().startsWith("__bf$")) {
                        references.add(lookup.unreflectVarHandle(f));
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot read field " + f + " to follow its objects' escape", e);
                }
            }
        }
        return new Layout(bit, List.copyOf(references));
    }

    /**
     * True if what a field of {@code type} holds never carries a bit: a primitive, a final JDK class ({@code String},
     * the boxes: no subclass can be rewritten), or an array of either.
     */
    private static boolean neverLocal(Class<?> type) {
        Class<?> t = type.isArray() ? type.getComponentType() : type;
        return t.isPrimitive() || !t.isArray() && Modifier.isFinal(t.getModifiers()) && isJdk(t);
    }

    private static boolean isJdk(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }
}
