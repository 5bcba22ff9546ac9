package bigfoot.staticbf.wala;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.store.FileStore;
import com.ibm.wala.classLoader.JarFileModule;
import com.ibm.wala.classLoader.Module;
import com.ibm.wala.classLoader.ModuleEntry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The JDK classes WALA's class hierarchy reads (those {@link JdkExclusions} does not leave out, about 2,600 of the
 * JDK's 26,000), kept in one cache entry per JDK build: a run reads one file instead of opening every module of the JDK
 * and listing its entries (70 {@code .jmod} files, each a compressed zip). The modules, their class entries and their
 * order are the ones {@link JdkModules} lists from the JDK's files, so WALA loads the same classes in the same order.
 * The entry ends with the digest of what it holds: a damaged entry is not read, and the JDK's files are.
 */
final class KeptJdkClasses {

    /** Changed with the entry's layout, and with how WALA names a module's classes (which {@link #encode} follows). */
    static final int FORMAT = 1;
    private static final String JMOD_CLASSES = "classes/";

    private KeptJdkClasses() {
    }

    /** The modules kept under {@code key}, if an entry holds them whole. */
    static Optional<List<Module>> read(FileStore store, String key) {
        return store.read(key, KeptJdkClasses::decode); // else the JDK's files are read
    }

    /** The entry {@link #read} reads: every class of {@code modules}, module by module, in their order. */
    static byte[] encode(List<Module> modules) throws IOException {
        Encoder out = new Encoder().writeInt(FORMAT).writeInt(modules.size());
        for (Module m : modules) {
            // WALA names a .jmod's classes without its "classes/" directory and skips its module-info: so do these
            boolean jmod = m instanceof JarFileModule j && j.getJarFile().getName().endsWith(".jmod");
            List<ModuleEntry> classes = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (Iterator<? extends ModuleEntry> it = m.getEntries(); it.hasNext(); ) {
                ModuleEntry e = it.next();
                if (e.isModuleFile()) { // java.base's lib/jrt-fs.jar: WALA reads its classes, and leaves them out
                    requireExcluded(e.asModule());
                    continue;
                }
                if (!e.isClassFile() || jmod && e.getClassName().startsWith(JMOD_CLASSES + "module-info")) {
                    continue;
                }
                String name = e.getClassName().replace('.', '/');
                classes.add(e);
                names.add(jmod && name.startsWith(JMOD_CLASSES) ? name.replace(JMOD_CLASSES, "") : name);
            }
            out.writeString(m.toString()).writeInt(classes.size());
            for (int i = 0; i < classes.size(); i++) {
                try (InputStream in = classes.get(i).getInputStream()) {
                    out.writeString(classes.get(i).getName()).writeString(names.get(i)).writeBytes(in.readAllBytes());
                }
            }
        }
        byte[] payload = out.toByteArray();
        return new Encoder().writeString(digest(payload)).writeBytes(payload).toByteArray();
    }

    /** Refuses a module nested in the JDK's with a class the hierarchy would keep: WALA would read it there. */
    private static void requireExcluded(Module nested) throws IOException {
        for (Iterator<? extends ModuleEntry> it = nested.getEntries(); it.hasNext(); ) {
            ModuleEntry e = it.next();
            if (e.isModuleFile()) {
                requireExcluded(e.asModule());
            } else if (e.isClassFile() && !JdkExclusions.isExcludedJdkClass(e.getClassName().replace('.', '/'))) {
                throw new IOException("the JDK's module " + nested + " holds a class the hierarchy reads: not kept");
            }
        }
    }

    private static List<Module> decode(byte[] entry) throws Decoder.Malformed {
        Decoder outer = new Decoder(entry);
        String digest = outer.readString();
        byte[] payload = outer.readBytes();
        if (!outer.atEnd() || !digest.equals(digest(payload))) {
            throw new Decoder.Malformed("damaged");
        }
        Decoder in = new Decoder(payload);
        if (in.readInt() != FORMAT) {
            throw new Decoder.Malformed("another format");
        }
        List<Module> modules = new ArrayList<>();
        for (int n = in.readInt(), k = 0; k < n; k++) {
            KeptModule m = new KeptModule(in.readString());
            for (int c = in.readInt(), j = 0; j < c; j++) {
                m.classes.add(m.new ClassEntry(in.readString(), in.readString(), in.readBytes()));
            }
            modules.add(m);
        }
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return modules;
    }

    private static String digest(byte[] payload) {
        return new Digest().add(payload, 0, payload.length).hex();
    }

    /** One JDK module's classes, held in memory. */
    private static final class KeptModule implements Module {
        private final String name;
        private final List<ModuleEntry> classes = new ArrayList<>();

        KeptModule(String name) {
            this.name = name;
        }

        @Override
        public Iterator<? extends ModuleEntry> getEntries() {
            return classes.iterator();
        }

        @Override
        public String toString() {
            return name;
        }

        private final class ClassEntry extends ClassFileEntry {
            private final String name;
            private final String className;
            private final byte[] bytes;

            ClassEntry(String name, String className, byte[] bytes) {
                this.name = name;
                this.className = className;
                this.bytes = bytes;
            }

            @Override
            public String getName() {
                return name;
            }

            @Override
            public InputStream getInputStream() {
                return new ByteArrayInputStream(bytes);
            }

            @Override
            public String getClassName() {
                return className;
            }

            @Override
            public Module getContainer() {
                return KeptModule.this;
            }

            @Override
            public String toString() {
                return "[class " + name + " of " + KeptModule.this.name + "]";
            }
        }
    }
}
