package bigfoot.staticbf.wala;

import bigfoot.staticbf.store.Digest;
import com.ibm.wala.classLoader.IClass;
import com.ibm.wala.classLoader.IField;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.ClassLoaderReference;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The digest of what the class hierarchy says about the program's own classes (the application's and its
 * classpath's; the JDK's are the JDK's): each class's name, flags, superclass and interfaces, and its fields and
 * methods with their types and flags. Method bodies are not in it: a re-run after a change of bodies only has the same
 * shape, so an analysis that asks the hierarchy the same questions gets the same answers.
 */
public final class ProgramShape {

    private ProgramShape() {
    }

    public static String digest(IClassHierarchy cha) {
        TreeSet<String> classes = new TreeSet<>();
        for (ClassLoaderReference loader : List.of(ClassLoaderReference.Application, ClassLoaderReference.Extension)) {
            cha.getLoader(loader).iterateAllClasses().forEachRemaining(c -> classes.add(loader.getName() + " "
                    + describe(c)));
        }
        Digest d = new Digest();
        classes.forEach(d::add);
        return d.hex();
    }

    private static String describe(IClass c) {
        StringBuilder sb = new StringBuilder(c.getName().toString()).append(' ').append(c.getModifiers());
        sb.append(" extends ").append(c.getSuperclass() == null ? "-" : c.getSuperclass().getName().toString());
        TreeSet<String> members = new TreeSet<>();
        c.getDirectInterfaces().forEach(i -> members.add("implements " + i.getName()));
        List<IField> fields = new ArrayList<>(c.getDeclaredInstanceFields());
        fields.addAll(c.getDeclaredStaticFields());
        for (IField f : fields) {
            members.add("field " + f.getName() + " " + f.getFieldTypeReference().getName() + flags(f.isStatic(),
                    f.isVolatile(), f.isFinal(), f.isPrivate(), f.isProtected(), f.isPublic()));
        }
        for (IMethod m : c.getDeclaredMethods()) {
            members.add("method " + m.getSelector() + flags(m.isStatic(), m.isSynchronized(), m.isNative(),
                    m.isAbstract(), m.isFinal(), m.isPrivate(), m.isProtected(), m.isPublic(), m.isBridge(),
                    m.isSynthetic()));
        }
        members.forEach(m -> sb.append('\n').append(m));
        return sb.toString();
    }

    private static String flags(boolean... flags) {
        StringBuilder sb = new StringBuilder(" ");
        for (boolean f : flags) {
            sb.append(f ? '1' : '0');
        }
        return sb.toString();
    }
}
