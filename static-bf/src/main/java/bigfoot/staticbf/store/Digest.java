package bigfoot.staticbf.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A SHA-256 of strings (each ended by a NUL, so {@code "ab","c"} and {@code "a","bc"} differ) and bytes, in hex. */
public final class Digest {

    private final MessageDigest sha256;

    public Digest() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The digest of {@code parts}, as added one by one. */
    public static String of(String... parts) {
        Digest d = new Digest();
        for (String p : parts) {
            d.add(p);
        }
        return d.hex();
    }

    public Digest add(String s) {
        sha256.update(s.getBytes(StandardCharsets.UTF_8));
        sha256.update((byte) 0);
        return this;
    }

    public Digest add(byte[] bytes, int offset, int length) {
        sha256.update(bytes, offset, length);
        return this;
    }

    /** The digest of what was added; the digest starts over. */
    public String hex() {
        return HexFormat.of().formatHex(sha256.digest());
    }
}
