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
        return new EncodedFit(bytes, new Digest().add(bytes, 0, bytes.length).hex());
    }

    /** The fit {@link #of} encoded (its field checks: what a kept fit holds). */
    ClassFit decode() throws Decoder.Malformed {
        Decoder in = new Decoder(bytes);
        ClassFit fit = ClassFit.decode(in);
        if (!in.atEnd()) {
            throw new Decoder.Malformed("trailing bytes");
        }
        return fit;
    }
}
