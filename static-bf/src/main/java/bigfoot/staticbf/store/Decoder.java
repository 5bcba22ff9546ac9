package bigfoot.staticbf.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads what an {@link Encoder} wrote; reading past the end, or a malformed number, throws {@link Malformed}. */
public final class Decoder {

    /** The bytes are not what an {@link Encoder} wrote (cut short, another format). */
    public static final class Malformed extends Exception {
        public Malformed(String message) {
            super(message);
        }
    }

    private final byte[] bytes;
    private int at;

    public Decoder(byte[] bytes) {
        this.bytes = bytes;
    }

    public int readInt() throws Malformed {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = next();
            v |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (v >>> 1) ^ -(v & 1);
            }
        }
        throw new Malformed("an int longer than 5 bytes at " + at);
    }

    public boolean readBoolean() throws Malformed {
        int b = next();
        if (b > 1) {
            throw new Malformed("not a boolean at " + at);
        }
        return b == 1;
    }

    public String readString() throws Malformed {
        return new String(readBytes(), StandardCharsets.UTF_8);
    }

    /** What {@link Encoder#writeBytes} wrote. */
    public byte[] readBytes() throws Malformed {
        int n = readInt();
        if (n < 0 || n > bytes.length - at) {
            throw new Malformed(n + " bytes at " + at);
        }
        byte[] b = Arrays.copyOfRange(bytes, at, at + n);
        at += n;
        return b;
    }

    /** True if every byte was read. */
    public boolean atEnd() {
        return at == bytes.length;
    }

    private int next() throws Malformed {
        if (at >= bytes.length) {
            throw new Malformed("cut short at " + at);
        }
        return bytes[at++] & 0xFF;
    }
}
