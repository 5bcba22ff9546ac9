package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import bigfoot.ir.RuntimeApi;
import bigfoot.rt.RT;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;

/** The runtime test double these tests run rewritten code against implements exactly the contract. */
class RuntimeStubContractTest {

    @Test
    void everyEntryPointExistsWithItsDescriptor() {
        for (RuntimeApi.Entry entry : RuntimeApi.ALL) {
            boolean found = Arrays.stream(RT.class.getDeclaredMethods()).anyMatch(m -> m.getName().equals(entry.name())
                    && Type.getMethodDescriptor(m).equals(entry.descriptor()) && isPublicStatic(m));
            assertTrue(found, "bigfoot.rt.RT." + entry.name() + entry.descriptor());
        }
    }

    private static boolean isPublicStatic(Method m) {
        return Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers());
    }
}
