package bigfoot.staticbf;

import static bigfoot.staticbf.TestJars.classNode;
import static bigfoot.staticbf.TestJars.method;
import static bigfoot.staticbf.TestJars.runtimeCalls;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The finalizer edge (JLS 17.4.5): a constructor of a class with a finalizer releases into its object at each return,
 * after its checks; {@code finalize()} acquires from it at entry; and the placement treats a call of such a constructor
 * as the release it is.
 */
class FinalizerEdgeTest {

    private static final Map<String, String> SOURCES = Map.of(
            "app/Resource.java", """
                    package app;

                    public class Resource {
                        int handle;

                        Resource(int h) {
                            if (h < 0) {
                                handle = 0;
                                return;
                            }
                            handle = h;
                        }

                        Resource() {
                            this(1);
                        }

                        void replace() {
                            handle = 1;
                            new Resource(5);
                            handle = 2;
                        }

                        @Override
                        protected void finalize() {
                            handle = -1;
                        }
                    }
                    """,
            "app/Pooled.java", """
                    package app;

                    public class Pooled extends Resource {
                        int slot;

                        Pooled() {
                            super(2);
                            slot = 3;
                        }
                    }
                    """,
            "app/Plain.java", """
                    package app;

                    public class Plain {
                        int x;

                        Plain() {
                            x = 1;
                        }

                        void replace() {
                            x = 2;
                            new Plain();
                            x = 3;
                        }
                    }
                    """);

    @TempDir
    Path work;

    @Test
    void constructorsOfClassesWithAFinalizerReleaseAtEachReturnAndFinalizeAcquiresAtEntry() {
        Path out = TestJars.compileAndRewrite(work, SOURCES);
        ClassNode resource = classNode(out, "app.Resource");
        assertEquals(List.of("writeFresh", "constructed", "writeFresh", "constructed"),
                runtimeCalls(method(resource, "<init>", "(I)V")));
        assertEquals(List.of("constructed"), runtimeCalls(method(resource, "<init>", "()V")));
        assertEquals(List.of("finalizing", "writeField"), runtimeCalls(method(resource, "finalize", "()V")));
        // a subclass inherits the finalizer, so its constructor releases too, after its own check
        assertEquals(List.of("writeField", "constructed"), runtimeCalls(method(classNode(out, "app.Pooled"), "<init>")));
        assertEquals(List.of("writeFresh"), runtimeCalls(method(classNode(out, "app.Plain"), "<init>")));
    }

    @Test
    void bigFootMovesNoCheckAcrossTheConstructorsRelease() {
        Path in = TestJars.writeJar(work.resolve("in.jar"), TestJars.compile(work, SOURCES));
        TestJars.rewrite(work, in, "out.jar", "--mode", "bigfoot", "--fields", "per-field");
        // each replace() constructs an object of its own class, so no class initialisation comes between the writes:
        // the first write is checked before the constructor's release, in its own epoch
        assertEquals(List.of("writeField"), callsBeforeConstructing(
                method(classNode(work.resolve("out.jar"), "app.Resource"), "replace"), "app/Resource"));
        // with no release between them, its check waits for the second write's
        assertEquals(List.of(), callsBeforeConstructing(
                method(classNode(work.resolve("out.jar"), "app.Plain"), "replace"), "app/Plain"));
    }

    /** The runtime calls {@code m} makes, in code order, before it calls a constructor of {@code owner}. */
    private static List<String> callsBeforeConstructing(MethodNode m, String owner) {
        MethodNode before = new MethodNode();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode call && call.name.equals("<init>") && call.owner.equals(owner)) {
                return runtimeCalls(before);
            }
            if (insn instanceof MethodInsnNode call) {
                before.instructions.add(new MethodInsnNode(call.getOpcode(), call.owner, call.name, call.desc));
            }
        }
        throw new AssertionError("no constructor of " + owner + " called in " + m.name);
    }
}
