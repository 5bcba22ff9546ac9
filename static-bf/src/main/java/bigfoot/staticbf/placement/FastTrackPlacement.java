package bigfoot.staticbf.placement;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** FastTrack placement: a check at every access, no analysis. */
public final class FastTrackPlacement implements Placement {

    @Override
    public boolean checksAccess(ClassNode owner, MethodNode method, AbstractInsnNode access, int bytecodeIndex) {
        return true;
    }
}
