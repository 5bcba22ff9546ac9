package bigfoot.staticbf.jar;

import bigfoot.staticbf.rewrite.ClassFit;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;

/**
 * A class's fit as a kept entry holds it ({@link ClassFit#encode}) and the digest of that encoding. A re-run compares
 * the digests of its classes' fits with those the kept proxy groups were found from, and decodes a kept fit only if
 * it must find the groups again.
 */
record EncodedFit(byte[] bytes, String digest) {

    static EncodedFit of(ClassFit fit) {
        Encoder out = new Encoder();
        fit.encode(out);
        byte[] bytes = out.toByteArray();
        return new EncodedFit(bytes, digestOf(bytes));
    }

    /**
     * The fit {@link #of} encoded (its field checks: what a kept fit holds); malformed if the bytes do not have the
     * digest they were kept with (a damaged entry).
     */
    ClassFit decode() throws Decoder.Malformed {
        if (!digestOf(bytes).equals(digest)) {
            throw new Decoder.Malformed("not the fit its digest names");
        }
        Decoder in = new Decoder(bytes);
        ClassFit fit = ClassFit.decode(in);
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return fit;
    }

    private static String digestOf(byte[] bytes) {
        return new Digest().add(bytes, 0, bytes.length).hex();
    }
}
