package loadtime;

import java.io.InputStream;

/** Defines {@link Generated} from bytes (no class file resource, like a generated proxy) and runs it in two threads. */
public class DefinesAtRuntime {

    public static void main(String[] args) throws Exception {
        byte[] bytes;
        try (InputStream in = DefinesAtRuntime.class.getResourceAsStream("Generated.bin")) {
            bytes = in.readAllBytes();
        }
        Class<?> generated = new ClassLoader(DefinesAtRuntime.class.getClassLoader()) {
            Class<?> define() {
                return defineClass("loadtime.Generated", bytes, 0, bytes.length);
            }
        }.define();
        Runnable task = (Runnable) generated.getDeclaredConstructor().newInstance();
        Thread a = new Thread(task, "writer-a");
        Thread b = new Thread(task, "writer-b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
