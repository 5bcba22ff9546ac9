package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bigfoot.rt.RT;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/** Locks, synchronized methods, Thread start/join/isAlive, wait and barriers. */
class SyncEventsTest {

    static final String WORKER = """
            package app;

            import java.util.concurrent.CyclicBarrier;

            public class Worker extends Thread {
                private final Object lock = new Object();
                private int done;
                private final CyclicBarrier barrier;

                Worker(CyclicBarrier barrier) {
                    this.barrier = barrier;
                }

                @Override
                public void run() {
                    try {
                        barrier.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    synchronized (lock) {
                        done++;
                        lock.notifyAll();
                    }
                }

                @Override
                public synchronized void start() {
                    super.start();
                }

                int waitDone() throws InterruptedException {
                    synchronized (lock) {
                        while (done == 0) {
                            lock.wait();
                        }
                        return done;
                    }
                }

                synchronized void mark() {
                    done += 10;
                }

                static synchronized void staticMark() {
                }

                synchronized void fail() {
                    throw new IllegalStateException("fail");
                }

                synchronized int recover() {
                    try {
                        throw new IllegalStateException("inner");
                    } catch (IllegalStateException e) {
                        return 1;
                    }
                }

                static String interruptedWait(Object o) {
                    Thread.currentThread().interrupt();
                    synchronized (o) {
                        try {
                            o.wait(1000L, 0);
                            return "woken";
                        } catch (InterruptedException e) {
                            return "interrupted";
                        }
                    }
                }

                static void waitWithoutLock(Object o) throws InterruptedException {
                    o.wait(5L);
                }

                public static int runAll() throws Exception {
                    CyclicBarrier b = new CyclicBarrier(2);
                    Worker w = new Worker(b);
                    w.start();
                    b.await();
                    int d = w.waitDone();
                    w.join();
                    boolean alive = w.isAlive();
                    w.mark();
                    staticMark();
                    return alive ? -1 : d;
                }
            }
            """;

    @TempDir
    Path work;

    @BeforeEach
    void clearEvents() {
        RT.reset();
    }

    private Path rewritten() {
        return TestJars.compileAndRewrite(work, Map.of("app/Worker.java", WORKER));
    }

    @Test
    void eventsAreEmittedAroundEverySynchronisationOperation() {
        Path out = rewritten();
        ClassNode worker = classNode(out, "app.Worker");
        // await may throw InterruptedException: its handler acquires from the thread's channel (Worker.join is the
        // program's class: not wrapped)
        assertEquals(List.of("fork", "barrierBefore", "hbAcquire", "barrierAfter", "join", "isAlive"),
                runtimeCalls(method(worker, "runAll")));
        assertEquals(List.of("acquire", "fork", "release", "release"), runtimeCalls(method(worker, "start")),
                "super.start() is a fork too");
        // lock and barrier are final: no checks for them
        assertEquals(List.of("barrierBefore", "hbAcquire", "barrierAfter", "acquire", "readField", "writeField",
                "release", "release"), runtimeCalls(method(worker, "run")));
        assertEquals(List.of("acquire", "readField", "waitBefore", "hbAcquire", "waitAfter", "waitAfter", "readField",
                "release", "release"), runtimeCalls(method(worker, "waitDone")));
        TestJars.assertVerifies(out);
    }

    @Test
    void synchronizedMethodHandlerIsLastAndWaitHandlerIsFirst() {
        ClassNode worker = classNode(rewritten(), "app.Worker");
        MethodNode recover = method(worker, "recover");
        TryCatchBlockNode last = recover.tryCatchBlocks.get(recover.tryCatchBlocks.size() - 1);
        assertNull(last.type, "the catch-all releasing the method's monitor comes after the method's own handlers");
        assertEquals("java/lang/IllegalStateException", recover.tryCatchBlocks.get(0).type);

        MethodNode waitDone = method(worker, "waitDone");
        TryCatchBlockNode interrupt = waitDone.tryCatchBlocks.get(0);
        assertEquals("java/lang/InterruptedException", interrupt.type);
        assertEquals("wait", firstInstruction(interrupt.start).name,
                "the interrupt handler covers exactly the wait call and comes first: its rethrow reaches the wait handler");
        TryCatchBlockNode first = waitDone.tryCatchBlocks.get(1);
        assertNull(first.type);
        assertEquals("wait", firstInstruction(first.start).name,
                "the wait handler covers the wait call and precedes the synchronized block's handlers");
    }

    /** The first instruction (not a label) at or after {@code label}: a call here. */
    private static MethodInsnNode firstInstruction(AbstractInsnNode label) {
        AbstractInsnNode insn = label;
        while (insn.getOpcode() < 0) {
            insn = insn.getNext();
        }
        return (MethodInsnNode) insn;
    }

    @Test
    void threadsBarriersAndLocksReportInProgramOrder() throws Exception {
        try (URLClassLoader loader = TestJars.loader(rewritten())) {
            Class<?> c = Class.forName("app.Worker", true, loader);
            RT.reset();
            assertEquals(1, c.getMethod("runAll").invoke(null));
            Thread main = Thread.currentThread();
            Set<String> sync = Set.of("fork", "join", "isAlive", "acquire", "release", "barrierBefore", "barrierAfter");
            List<String> mainEvents = RT.events().stream().filter(e -> e.thread() == main)
                    .map(RT.Event::entry).filter(sync::contains).toList();
            assertEquals(List.of("fork", "acquire", "fork", "release", "barrierBefore", "barrierAfter", "acquire",
                    "release", "join", "isAlive", "acquire", "release", "acquire", "release"), mainEvents);
            List<RT.Event> staticMark = RT.events().subList(RT.events().size() - 2, RT.events().size());
            assertSame(c, staticMark.get(0).subject(), "a static synchronized method locks its class");
            List<String> workerEvents = RT.events().stream().filter(e -> e.thread() != main)
                    .map(RT.Event::entry).filter(sync::contains).toList();
            assertEquals(List.of("barrierBefore", "barrierAfter", "acquire", "release"), workerEvents);
        }
    }

    @Test
    void exceptionsLeaveThroughTheReleaseAndWaitHandlers() throws Exception {
        try (URLClassLoader loader = TestJars.loader(rewritten())) {
            Class<?> c = Class.forName("app.Worker", true, loader);
            var constructor = c.getDeclaredConstructor(java.util.concurrent.CyclicBarrier.class);
            constructor.setAccessible(true);
            Object w = constructor.newInstance((Object) null);

            RT.reset();
            Method fail = c.getDeclaredMethod("fail");
            fail.setAccessible(true);
            InvocationTargetException thrown = assertThrows(InvocationTargetException.class, () -> fail.invoke(w));
            assertEquals("fail", thrown.getCause().getMessage());
            assertEquals(List.of("acquire", "release"), entries());

            RT.reset();
            Method recover = c.getDeclaredMethod("recover");
            recover.setAccessible(true);
            assertEquals(1, recover.invoke(w));
            assertEquals(List.of("acquire", "release"), entries(), "the method's own handler ran, one release");

            RT.reset();
            Method interrupted = c.getDeclaredMethod("interruptedWait", Object.class);
            interrupted.setAccessible(true);
            assertEquals("interrupted", interrupted.invoke(null, new Object()));
            // interrupt() releases into the thread's channel; the InterruptedException is the interrupt detected
            assertEquals(List.of("hbRelease", "acquire", "waitBefore", "hbAcquire", "waitAfter", "release"), entries());

            RT.reset();
            Method unlocked = c.getDeclaredMethod("waitWithoutLock", Object.class);
            unlocked.setAccessible(true);
            thrown = assertThrows(InvocationTargetException.class, () -> unlocked.invoke(null, new Object()));
            assertInstanceOf(IllegalMonitorStateException.class, thrown.getCause());
            assertEquals(List.of("waitBefore", "waitAfter"), entries());
        }
    }

    private static List<String> entries() {
        return RT.events().stream().map(RT.Event::entry).filter(e -> !e.endsWith("Field")).toList();
    }
}
