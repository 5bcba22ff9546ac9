package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.Module;
import com.ibm.wala.classLoader.ModuleEntry;

/** A class file of one of StaticBF's own WALA modules (a JDK module read eagerly, or kept): never a module itself. */
abstract class ClassFileEntry implements ModuleEntry {

    @Override
    public final boolean isClassFile() {
        return true;
    }

    @Override
    public final boolean isSourceFile() {
        return false;
    }

    @Override
    public final boolean isModuleFile() {
        return false;
    }

    @Override
    public final Module asModule() {
        throw new UnsupportedOperationException("a class file is not a module");
    }
}
