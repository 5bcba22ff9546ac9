package bigfoot.staticbf.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes ints, booleans and strings into bytes that a {@link Decoder} reads back: ints as variable-length
 * zigzag numbers (the small and the -1 values that plans are made of take one byte), strings as UTF-8 with their length.
 */
public final class Encoder {

    private byte[] bytes = new byte[64];
    private int size;

    private void write(int b) {
        if (size == bytes.length) {
            bytes = Arrays.copyOf(bytes, size * 2);
        }
        bytes[size++] = (byte) b;
    }

    public Encoder writeInt(int value) {
        int v = (value << 1) ^ (value >> 31); // zigzag: small negatives are small too
        while ((v & ~0x7F) != 0) {
            write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        write(v);
        return this;
    }

    public Encoder writeBoolean(boolean value) {
        write(value ? 1 : 0);
        return this;
    }

    public Encoder writeString(String value) {
        return writeBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code value}'s length and bytes. */
    public Encoder writeBytes(byte[] value) {
        writeInt(value.length);
        if (size + value.length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(size * 2, size + value.length));
        }
        System.arraycopy(value, 0, bytes, size, value.length);
        size += value.length;
        return this;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }
}
