package bigfoot.staticbf.loadtime;

import bigfoot.staticbf.hierarchy.ClassInfo;
import bigfoot.staticbf.hierarchy.ClassSource;
import java.io.IOException;
import java.io.InputStream;

/** Class files as a class loader finds them ({@code name.class} resources): the hierarchy seen at load time. */
final class LoaderClassSource implements ClassSource {

    private final ClassLoader loader;

    LoaderClassSource(ClassLoader loader) {
        this.loader = loader;
    }

    @Override
    public ClassInfo find(String internalName) throws IOException {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : ClassInfo.read(in.readAllBytes(), true);
        }
    }
}
