package bigfoot.staticbf.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes ints, booleans and strings into bytes that a {@link Decoder} reads back: ints as variable-length
 * zigzag numbers (the small and the -1 values that plans are made of take one byte), strings as UTF-8 with their length.
 */
public final class Encoder {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public Encoder writeInt(int value) {
        int v = (value << 1) ^ (value >> 31); // zigzag: small negatives are small too
        while ((v & ~0x7F) != 0) {
            bytes.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes.write(v);
        return this;
    }

    public Encoder writeBoolean(boolean value) {
        bytes.write(value ? 1 : 0);
        return this;
    }

    public Encoder writeString(String value) {
        return writeBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code value}'s length and bytes. */
    public Encoder writeBytes(byte[] value) {
        writeInt(value.length);
        bytes.write(value, 0, value.length);
        return this;
    }

    public byte[] toByteArray() {
        return bytes.toByteArray();
    }
}
