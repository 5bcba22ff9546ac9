package bigfoot.staticbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a user can observe of a rewritten class is what the original did: exceptions, serialization. */
class BehaviourPreservedTest {

    static final Map<String, String> SOURCES = Map.of(
            "app/Nulls.java", """
                    package app;

                    public class Nulls {
                        int f;
                        volatile int v;
                        long[] a;

                        public static int read(Nulls n) {
                            return n.f;
                        }

                        public static void write(Nulls n) {
                            n.f = 3;
                        }

                        public static int readVolatile(Nulls n) {
                            return n.v;
                        }

                        public static void writeVolatile(Nulls n) {
                            n.v = 1;
                        }

                        public static long element(Nulls n) {
                            return n.a[1];
                        }

                        public static void store(long[] a) {
                            a[7] = 2L;
                        }

                        public static void lock(Object o) {
                            synchronized (o) {
                                o.notify();
                            }
                        }

                        public static void start(Thread t) {
                            t.start();
                        }
                    }
                    """,
            "app/Message.java", """
                    package app;

                    import java.io.Serializable;

                    public class Message implements Serializable {
                        int count;
                        String text;
                        transient int cache;

                        public Message(int count, String text) {
                            this.count = count;
                            this.text = text;
                        }

                        @Override
                        public String toString() {
                            return text + count;
                        }
                    }
                    """,
            "app/Stamped.java", """
                    package app;

                    public class Stamped extends Message {
                        private static final long serialVersionUID = 42L;
                        long when;

                        public Stamped() {
                            super(1, "s");
                        }
                    }
                    """);

    @TempDir
    Path work;

    @Test
    void exceptionsAndTheirHelpfulMessagesAreUnchanged() throws Exception {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, SOURCES));
        Path out = work.resolve("out.jar");
        assertEquals(0, TestJars.staticbf("--in", in.toString(), "--out", out.toString()).exitCode());
        for (String method : List.of("read", "write", "readVolatile", "writeVolatile", "element", "store", "lock",
                "start")) {
            Throwable original = thrown(in, method);
            Throwable rewritten = thrown(out, method);
            assertEquals(original.getClass(), rewritten.getClass(), method);
            assertNotNull(original.getMessage(), method);
            assertEquals(original.getMessage(), rewritten.getMessage(), method);
        }
    }

    @Test
    void serializableClassesKeepTheirSerialVersionUidAndData() throws Exception {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, SOURCES));
        Path out = work.resolve("out.jar");
        assertEquals(0, TestJars.staticbf("--in", in.toString(), "--out", out.toString()).exitCode());
        try (URLClassLoader before = TestJars.loader(in); URLClassLoader after = TestJars.loader(out)) {
            for (String name : List.of("app.Message", "app.Stamped")) {
                assertEquals(ObjectStreamClass.lookup(Class.forName(name, true, before)).getSerialVersionUID(),
                        ObjectStreamClass.lookup(Class.forName(name, true, after)).getSerialVersionUID(), name);
            }
            Object message = Class.forName("app.Message", true, before).getConstructor(int.class, String.class)
                    .newInstance(7, "seven");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
                o.writeObject(message);
            }
            Object read = new LoaderObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()), after).readObject();
            assertEquals(after, read.getClass().getClassLoader());
            assertEquals("seven7", read.toString(), "data written by the original class reads into the rewritten one");
        }
    }

    private static Throwable thrown(Path jar, String method) throws Exception {
        try (URLClassLoader loader = TestJars.loader(jar)) {
            Class<?> c = Class.forName("app.Nulls", true, loader);
            Method m = java.util.Arrays.stream(c.getMethods()).filter(x -> x.getName().equals(method)).findFirst()
                    .orElseThrow();
            Object arg = method.equals("store") ? new long[2] : null;
            return assertThrows(InvocationTargetException.class, () -> m.invoke(null, arg)).getCause();
        }
    }

    /** Resolves classes of the stream through a given loader. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            return Class.forName(desc.getName(), false, loader);
        }
    }
}
