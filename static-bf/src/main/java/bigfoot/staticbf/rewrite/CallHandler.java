package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.hierarchy.ClassHierarchy;
import org.objectweb.asm.tree.MethodInsnNode;

/** Library knowledge about one kind of synchronising call: which calls it is, and the events around them. */
interface CallHandler {

    boolean matches(MethodInsnNode call, ClassHierarchy hierarchy);

    void instrument(MethodContext ctx, MethodInsnNode call);
}
