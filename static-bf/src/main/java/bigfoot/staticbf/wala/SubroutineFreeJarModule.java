package bigfoot.staticbf.wala;

import bigfoot.staticbf.bytecode.Subroutines;
import com.ibm.wala.classLoader.JarFileEntry;
import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.ModuleEntry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The application jar as WALA reads it: its class files with their subroutines inlined ({@link Subroutines}), the
 * bytes the rewriter reads, so that a placement's bytecode indices are the rewriter's. Each class is inlined once.
 */
final class SubroutineFreeJarModule extends JarFileModule {

    /** The classes that had subroutines, inlined; a class absent here is read as it is. */
    private final Map<String, byte[]> inlined = new ConcurrentHashMap<>();
    /** The classes found to have none. */
    private final Set<String> plain = ConcurrentHashMap.newKeySet();

    SubroutineFreeJarModule(JarFile jar) {
        super(jar);
    }

    @Override
    protected ModuleEntry createEntry(ZipEntry entry) {
        return new Entry(entry.getName(), this);
    }

    @Override
    public byte[] getContents(ZipEntry entry) {
        String name = entry.getName();
        byte[] kept = inlined.get(name);
        if (kept != null) {
            return kept;
        }
        byte[] bytes = super.getContents(entry);
        if (!name.endsWith(".class") || plain.contains(name) || bytes == null) {
            return bytes;
        }
        byte[] free;
        try {
            free = Subroutines.inlined(bytes);
        } catch (RuntimeException malformed) { // WALA reports it as it would have
            free = bytes;
        }
        if (free == bytes) {
            plain.add(name);
        } else {
            inlined.put(name, free);
        }
        return free;
    }

    private static final class Entry extends JarFileEntry {

        private final SubroutineFreeJarModule module;

        Entry(String name, SubroutineFreeJarModule module) {
            super(name, module);
            this.module = module;
        }

        @Override
        public InputStream getInputStream() {
            return new ByteArrayInputStream(contents());
        }

        @Override
        public long getSize() {
            return contents().length;
        }

        private byte[] contents() {
            return module.getContents(module.getJarFile().getEntry(getName()));
        }
    }
}
