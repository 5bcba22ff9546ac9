package bigfoot.staticbf.rewrite;

import bigfoot.staticbf.hierarchy.ClassHierarchy;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

/** A ClassWriter that computes frames from the application's class files, never by loading classes. */
final class HierarchyClassWriter extends ClassWriter {

    private final ClassHierarchy hierarchy;

    HierarchyClassWriter(ClassReader original, int flags, ClassHierarchy hierarchy) {
        super(original, flags);
        this.hierarchy = hierarchy;
    }

    @Override
    protected String getCommonSuperClass(String type1, String type2) {
        return hierarchy.commonSuperClass(type1, type2);
    }
}
