package bigfoot.staticbf.wala;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.Entrypoint;
import com.ibm.wala.ipa.callgraph.impl.DefaultEntrypoint;
import com.ibm.wala.ipa.callgraph.impl.Util;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.ClassLoaderReference;
import java.util.ArrayList;
import java.util.List;

/** Which application methods the call graph starts from. */
public enum EntryPoints {
    /** Every {@code public static void main(String[])} of the application. */
    MAIN_METHODS,
    /** Every public method (and public constructor) of the application: for libraries. */
    PUBLIC_METHODS,
    /** Main methods if the application has any, else all public methods. */
    AUTO;

    List<Entrypoint> of(WalaProgram program) {
        IClassHierarchy cha = program.hierarchy();
        List<Entrypoint> mains = new ArrayList<>();
        if (this != PUBLIC_METHODS) {
            Util.makeMainEntrypoints(ClassLoaderReference.Application, cha).forEach(mains::add);
        }
        if (this == MAIN_METHODS || this == AUTO && !mains.isEmpty()) {
            return mains;
        }
        List<Entrypoint> publics = new ArrayList<>();
        for (IMethod m : program.applicationMethods()) {
            if (m.isPublic()) {
                publics.add(new DefaultEntrypoint(m, cha));
            }
        }
        return publics;
    }
}
