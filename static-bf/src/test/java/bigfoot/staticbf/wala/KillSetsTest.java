package bigfoot.staticbf.wala;

import bigfoot.staticbf.TestJars;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kill sets of small methods, each exercising one rule; one program shared by all tests. */
class KillSetsTest {
    private static final String SUBJECT = """
            package t;
            import java.util.concurrent.*;
            import java.util.concurrent.atomic.AtomicInteger;
            import java.util.concurrent.locks.ReentrantLock;

            public class Subject {
                static final Object LOCK = new Object();
                static volatile int flag;
                static int plain;
                static final ReentrantLock RL = new ReentrantLock();
                static final AtomicInteger COUNTER = new AtomicInteger();
                static final BlockingQueue<Integer> QUEUE = new ArrayBlockingQueue<>(4);

                public static void main(String[] args) throws Exception {
                    compute(1, 9); syncBlock(); callsSync(); readVolatile(); writeVolatile(2);
                    startThread(new Worker()).join(); jdkOnly("abc"); lambdaThread().start(); runIt(() -> { flag = 1; });
                    fact(5); isEven(4); lockUnlock(); atomicInc(); atomicGet(); put(1); take();
                    alive(Thread.currentThread()); waitOnly(new Object()); notifyOnly(new Object());
                    barrier(new CyclicBarrier(1)); greet("x"); missing(); new Subject().syncInstance();
                    addAll(); reflect(Subject.class.getDeclaredMethod("compute", int.class, int.class));
                    workerCount();
                }

                static int compute(int a, int b) { int s = 0; for (int i = a; i < b; i++) { s += i * i; } return s; }
                static void syncBlock() { synchronized (LOCK) { plain++; } }
                static synchronized void syncMethod() { plain++; }
                synchronized void syncInstance() { plain++; }
                static void callsSync() { helper(); }
                static void helper() { syncMethod(); }
                static int readVolatile() { return flag; }
                static int workerCount() { return Worker.made; }
                static void writeVolatile(int v) { flag = v; }
                static Thread startThread(Worker w) { Thread t = new Thread(w); t.start(); return t; }
                static int jdkOnly(String s) { return Math.max(s.length(), 3) + Integer.parseInt("7") + new StringBuilder(s).reverse().length(); }
                static Thread lambdaThread() { return new Thread(() -> { synchronized (LOCK) { plain++; } }); }
                static void runIt(Runnable r) { r.run(); }
                static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
                static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }
                static boolean isOdd(int n) { return n != 0 && flag >= 0 && isEven(n - 1); }
                static void lockUnlock() { RL.lock(); try { plain++; } finally { RL.unlock(); } }
                static int atomicInc() { return COUNTER.incrementAndGet(); }
                static int atomicGet() { return COUNTER.get(); }
                static void put(int x) throws InterruptedException { QUEUE.put(x); }
                static int take() throws InterruptedException { return QUEUE.take(); }
                static boolean alive(Thread t) { return t.isAlive(); }
                static void waitOnly(Object o) throws InterruptedException { o.wait(); }
                static void notifyOnly(Object o) { o.notify(); }
                static void barrier(CyclicBarrier b) throws Exception { b.await(); }
                static void addAll() { QUEUE.addAll(java.util.List.of(1, 2)); }
                static Object reflect(java.lang.reflect.Method m) throws Exception { return m.invoke(null, 1, 2); }
                static String greet(String s) { return "hi " + s + plain; }
                static int missing() { return t.lib.Missing.value(); }
                static void unreached(Runnable r) { r.run(); }
                static Task unreachedLambda() { return () -> { int seen = flag; }; }
                static void unreachedTask(Task t) { t.go(); }
                static Object privileged() { return java.security.AccessController.doPrivileged(new Action()); }
                static int wrapped(java.io.DataInputStream in) throws Exception { return in.readInt(); }
                static void observed(java.util.Observable o) { o.notifyObservers(); }
            }
            """;
    private static final String TASK = """
            package t;
            interface Task { void go(); }
            class NoopTask implements Task { public void go() { } }
            """;
    private static final String WORKER = """
            package t;
            class Worker implements Runnable {
                static int made;
                public void run() { synchronized (this) { Subject.plain++; } }
            }
            """;
    /** Program objects the JDK calls back. */
    private static final String CALLBACKS = """
            package t;
            class Action implements java.security.PrivilegedAction<Object> {
                public Object run() { synchronized (Action.class) { return null; } }
            }
            class SyncStream extends java.io.InputStream {
                public synchronized int read() { return -1; }
            }
            class Watcher implements java.util.Observer {
                static volatile int seen;
                public void update(java.util.Observable o, Object arg) { seen = 1; }
            }
            """;
    /** Compiled, but left out of the jar and the classpath: calls to it cannot be resolved. */
    private static final String MISSING = """
            package t.lib;
            public class Missing { public static int value() { return 1; } }
            """;

    @TempDir
    static Path dir;
    static WalaProgram program;
    static MethodIRs irs;
    static KillSets killSets;

    @BeforeAll
    static void analyse() throws Exception {
        Path jar = TestJars.compileToJar(dir, "subject.jar",
                Map.of("t.Subject", SUBJECT, "t.Worker", WORKER, "t.Task", TASK, "t.Action", CALLBACKS, "t.lib.Missing", MISSING),
                name -> !name.startsWith("t/lib/"));
        program = WalaProgram.load(WalaProgram.Input.of(List.of(jar)));
        irs = new MethodIRs(program);
        killSets = KillSets.compute(program, irs);
    }

    static IMethod method(String name) {
        List<IMethod> found = program.applicationMethods().stream()
                .filter(m -> m.getName().toString().equals(name) || name.endsWith("$") && m.getName().toString().startsWith(name))
                .collect(Collectors.toList());
        assertEquals(1, found.size(), "methods named " + name + ": " + found);
        return found.get(0);
    }

    static KillSet of(String name) {
        return killSets.of(method(name));
    }

    @Test
    void pureComputationKillsNothing() {
        assertEquals(KillSet.NONE, of("compute"));
        assertEquals(KillSet.NONE, of("fact"), "self-recursion without synchronisation");
    }

    @Test
    void synchronizedBlocksAndMethodsAcquireAndRelease() {
        assertEquals(KillSet.BOTH, of("syncBlock"));
        assertEquals(KillSet.BOTH, of("syncMethod"));
        assertEquals(KillSet.BOTH, of("syncInstance"));
    }

    @Test
    void callingAMethodThatCallsASynchronizedMethodIsTransitive() {
        assertEquals(KillSet.BOTH, of("helper"));
        assertEquals(KillSet.BOTH, of("callsSync"));
        assertEquals(List.of(method("callsSync"), method("helper"), method("syncMethod")),
                killSets.witness(method("callsSync"), true));
    }

    @Test
    void theFirstUseOfAnotherClassMayRunItsInitialiserAndJoinItsEnd() {
        // CLASS INIT: a plain static read of another class: its <clinit> may run here (a release), or a thread's
        // first use joins the end of the one another thread ran (an acquire)
        assertEquals(KillSet.BOTH, of("workerCount"));
        assertEquals(KillSet.NONE, of("compute"), "a method touching no other class");
    }

    @Test
    void volatileReadAcquiresAndVolatileWriteReleases() {
        assertEquals(KillSet.ACQUIRE, of("readVolatile"));
        assertEquals(KillSet.RELEASE, of("writeVolatile"));
    }

    @Test
    void threadStartReleasesWithoutTakingOnTheNewThreadsBody() {
        assertEquals(KillSet.RELEASE, of("startThread"), "Worker.run synchronises, but in the new thread");
        assertEquals(KillSet.BOTH, killSets.of(program.applicationMethods().stream()
                .filter(m -> m.getSignature().equals("t.Worker.run()V")).findFirst().orElseThrow()));
    }

    @Test
    void jdkCallsTheModelDoesNotNameKillNothing() {
        assertEquals(KillSet.NONE, of("jdkOnly"));
        assertEquals(KillSet.NONE, of("notifyOnly"), "notify is not a happens-before edge");
        assertEquals(KillSet.NONE, of("greet"), "string concatenation is an opaque invokedynamic");
    }

    @Test
    void lambdaBodiesAreTargetsOfTheCallsOfTheirInterface() {
        IMethod body = method("lambda$lambdaThread$");
        assertEquals(KillSet.BOTH, killSets.of(body));
        assertEquals(KillSet.NONE, of("lambdaThread"), "creating a lambda runs nothing");
        // runIt only ever runs the lambda that writes a volatile, but a receiver allocated where no call graph looks
        // could be any Runnable of the program: Worker.run, which synchronises, too
        assertEquals(KillSet.BOTH, of("runIt"));
    }

    @Test
    void mutualRecursionReachesItsFixedPoint() {
        assertEquals(KillSet.ACQUIRE, of("isOdd"));
        assertEquals(KillSet.ACQUIRE, of("isEven"));
    }

    @Test
    void libraryModelSidesOfConcurrencyApis() {
        assertEquals(KillSet.BOTH, of("lockUnlock"));
        assertEquals(KillSet.BOTH, of("atomicInc"));
        assertEquals(KillSet.ACQUIRE, of("atomicGet"));
        assertEquals(KillSet.BOTH, of("put"), "put releases, and may see an interrupt (InterruptedException): an acquire");
        assertEquals(KillSet.ACQUIRE, of("take"));
        assertEquals(KillSet.ACQUIRE, of("alive"));
        assertEquals(KillSet.BOTH, of("waitOnly"), "wait releases at entry and acquires at return");
        assertEquals(KillSet.BOTH, of("barrier"));
        // AbstractQueue.addAll runs, which no rule names; the call site names BlockingQueue.addAll
        assertEquals(KillSet.BOTH, of("addAll"));
        assertEquals(KillSet.BOTH, of("reflect"), "reflection may run anything");
    }

    @Test
    void jdkMethodsCallingBackProgramObjectsTakeOnTheirKillSets() {
        assertEquals(KillSet.BOTH, of("privileged"), "doPrivileged runs the action's synchronized block");
        assertEquals(KillSet.BOTH, of("wrapped"), "a DataInputStream may wrap the program's synchronized stream");
        assertEquals(KillSet.RELEASE, of("observed"), "notifyObservers runs an observer's volatile write");
    }

    @Test
    void eachCallHasItsOwnKillSet() {
        IMethod m = method("lockUnlock");
        Map<String, KillSet> byCallee = calls(m).collect(Collectors.toMap(
                c -> c.getDeclaredTarget().getName().toString(), c -> killSets.atCall(m, c)));
        assertEquals(KillSet.ACQUIRE, byCallee.get("lock"));
        assertEquals(KillSet.RELEASE, byCallee.get("unlock"));
    }

    @Test
    void unresolvableCallsAreAssumedToDoBoth() {
        assertEquals(KillSet.BOTH, of("missing"));
    }

    @Test
    void methodsMainNeverCallsUseClassHierarchyTargetsAndLambdaBodies() {
        // r.run() may run Worker.run or any Runnable lambda of the application
        assertEquals(KillSet.BOTH, of("unreached"));
        // a lambda no method main calls creates: its body is still a target
        assertEquals(KillSet.ACQUIRE, of("unreachedTask"), "NoopTask.go or the lambda reading a volatile");
    }

    @Test
    void jdkMethodsAreNotAnalysed() {
        IMethod threadStart = program.hierarchy().resolveMethod(
                calls(method("startThread")).filter(c -> c.getDeclaredTarget().getName().toString().equals("start"))
                        .findFirst().orElseThrow().getDeclaredTarget());
        assertThrows(IllegalArgumentException.class, () -> killSets.of(threadStart));
    }

    private static Stream<SSAAbstractInvokeInstruction> calls(IMethod m) {
        SSAInstruction[] insns = irs.ir(m).orElseThrow().getInstructions();
        return Stream.of(insns).filter(i -> i instanceof SSAAbstractInvokeInstruction).map(i -> (SSAAbstractInvokeInstruction) i);
    }
}
