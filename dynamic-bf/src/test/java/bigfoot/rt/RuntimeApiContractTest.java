package bigfoot.rt;

import bigfoot.ir.RuntimeApi;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every entry point of the contract exists on RT as a public static method with exactly that descriptor. */
class RuntimeApiContractTest {

    @Test
    void everyEntryPointExistsWithItsExactDescriptor() throws ClassNotFoundException {
        Class<?> rt = Class.forName(RuntimeApi.RT.replace('/', '.'));
        List<String> problems = new ArrayList<>();
        for (RuntimeApi.Entry entry : RuntimeApi.ALL) {
            Method match = null;
            for (Method m : rt.getDeclaredMethods()) {
                if (m.getName().equals(entry.name()) && descriptor(m).equals(entry.descriptor())) {
                    match = m;
                }
            }
            if (match == null) {
                problems.add("missing " + entry.name() + entry.descriptor());
            } else if (!Modifier.isPublic(match.getModifiers()) || !Modifier.isStatic(match.getModifiers())) {
                problems.add("not public static: " + entry.name() + entry.descriptor());
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void stateClassesNamedInDescriptorsArePublic() throws ClassNotFoundException {
        for (String internal : new String[] {RuntimeApi.RT, RuntimeApi.THREAD_STATE, RuntimeApi.VAR_STATE}) {
            Class<?> c = Class.forName(internal.replace('/', '.'));
            assertTrue(Modifier.isPublic(c.getModifiers()), internal);
        }
    }

    @Test
    void theThreadsEpochIsAPublicInstanceMethodThatFollowsItsReleases() throws ReflectiveOperationException {
        Method epoch = ThreadState.class.getMethod(RuntimeApi.THREAD_EPOCH);
        assertTrue(Modifier.isPublic(epoch.getModifiers()) && !Modifier.isStatic(epoch.getModifiers()));
        assertEquals(long.class, epoch.getReturnType());
        ThreadState ts = new ThreadState(1, Epoch.make(1, 5));
        long before = ts.epoch();
        ts.tick();
        assertTrue(ts.epoch() != before, "a release starts a new epoch");
    }

    @Test
    void descriptorBuilderIsRight() throws NoSuchMethodException {
        assertEquals("(Ljava/lang/Object;ILbigfoot/rt/ThreadState;I)V",
                descriptor(RT.class.getMethod("readArray", Object.class, int.class, ThreadState.class, int.class)));
        assertEquals("(ZLjava/lang/Thread;Lbigfoot/rt/ThreadState;)Z",
                descriptor(RT.class.getMethod("isAlive", boolean.class, Thread.class, ThreadState.class)));
    }

    static String descriptor(Method m) {
        StringBuilder sb = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            sb.append(type(p));
        }
        return sb.append(')').append(type(m.getReturnType())).toString();
    }

    private static String type(Class<?> c) {
        if (c.isArray()) {
            return "[" + type(c.getComponentType());
        }
        if (!c.isPrimitive()) {
            return "L" + c.getName().replace('.', '/') + ";";
        }
        switch (c.getName()) {
            case "void": return "V";
            case "boolean": return "Z";
            case "byte": return "B";
            case "char": return "C";
            case "short": return "S";
            case "int": return "I";
            case "long": return "J";
            case "float": return "F";
            case "double": return "D";
            default: throw new AssertionError(c);
        }
    }
}
