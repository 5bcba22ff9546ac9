package bigfoot.staticbf.zip;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a zip file whose entries' data is given as stored ({@link StoredData}, or copied from an input jar as it is
 * stored): each local header has the crc and sizes before the data (no data descriptors), and the central directory
 * repeats each entry's {@link EntryHeader}. ZIP64 fields and end records (APPNOTE 4.3.14-4.3.15, 4.5.3) are written
 * only where a size, an offset or the number of entries does not fit the zip format's 16 and 32-bit fields.
 */
public final class ZipWriter {

    /** Writes an entry's data as stored. */
    public interface Data {
        void writeTo(OutputStream out) throws IOException;
    }

    private static final long U32 = 0xFFFFFFFFL;
    private static final int U16 = 0xFFFF;
    private static final int ZIP64_VERSION = 45;

    private final OutputStream out;
    private long position;
    private final ByteArrayOutputStream directory = new ByteArrayOutputStream();
    private long count;

    public ZipWriter(OutputStream out) {
        this.out = out;
    }

    /** Writes an entry: {@code data}'s {@code compressedSize} bytes, whose content has {@code crc} and {@code size}. */
    public void write(EntryHeader h, long crc, long compressedSize, long size, Data data) throws IOException {
        long local = position;
        boolean bigSizes = size >= U32 || compressedSize >= U32;
        byte[] localExtra = bigSizes ? concat(zip64Field(size, compressedSize, -1), h.extra()) : h.extra();
        int needed = bigSizes ? Math.max(h.versionNeeded(), ZIP64_VERSION) : h.versionNeeded();
        Bytes header = new Bytes().u32(0x04034b50).u16(needed).u16(h.flags()).u16(h.method()).u32(h.dosTime())
                .u32(crc).u32(bigSizes ? U32 : compressedSize).u32(bigSizes ? U32 : size).u16(h.name().length)
                .u16(localExtra.length).raw(h.name()).raw(localExtra);
        header.writeTo(out);
        position += header.size();
        CountingStream counted = new CountingStream(out);
        data.writeTo(counted);
        if (counted.count != compressedSize) {
            throw new IOException("entry " + h.nameString() + ": " + counted.count + " bytes written, "
                    + compressedSize + " said");
        }
        position += compressedSize;

        boolean bigOffset = local >= U32;
        byte[] extra = bigSizes || bigOffset
                ? concat(zip64Field(bigSizes ? size : -1, bigSizes ? compressedSize : -1, bigOffset ? local : -1),
                        h.extra())
                : h.extra();
        new Bytes().u32(0x02014b50).u16(bigSizes || bigOffset ? Math.max(h.versionMadeBy() & 0xFF, ZIP64_VERSION)
                        | h.versionMadeBy() & 0xFF00 : h.versionMadeBy())
                .u16(bigSizes || bigOffset ? Math.max(h.versionNeeded(), ZIP64_VERSION) : h.versionNeeded())
                .u16(h.flags()).u16(h.method()).u32(h.dosTime()).u32(crc).u32(bigSizes ? U32 : compressedSize)
                .u32(bigSizes ? U32 : size).u16(h.name().length).u16(extra.length).u16(h.comment().length).u16(0)
                .u16(h.internalAttributes()).u32(h.externalAttributes()).u32(bigOffset ? U32 : local).raw(h.name())
                .raw(extra).raw(h.comment()).writeTo(directory);
        count++;
    }

    /** Writes the central directory and the end records, and flushes (but does not close) the stream. */
    public void finish() throws IOException {
        long start = position;
        directory.writeTo(out);
        long size = directory.size();
        position += size;
        if (count >= U16 || start >= U32 || size >= U32) {
            long end64 = position;
            new Bytes().u32(0x06064b50).u64(44).u16(ZIP64_VERSION).u16(ZIP64_VERSION).u32(0).u32(0).u64(count)
                    .u64(count).u64(size).u64(start)
                    .u32(0x07064b50).u32(0).u64(end64).u32(1).writeTo(out);
        }
        new Bytes().u32(0x06054b50).u16(0).u16(0).u16((int) Math.min(count, U16)).u16((int) Math.min(count, U16))
                .u32(Math.min(size, U32)).u32(Math.min(start, U32)).u16(0).writeTo(out);
        out.flush();
    }

    /** A ZIP64 extended information field with the values that are not negative, in the format's order. */
    private static byte[] zip64Field(long size, long compressedSize, long offset) {
        Bytes values = new Bytes();
        for (long v : new long[] {size, compressedSize, offset}) {
            if (v >= 0) {
                values.u64(v);
            }
        }
        return new Bytes().u16(1).u16(values.size()).raw(values.toByteArray()).toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** Little-endian fields, as the zip format has them. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes u16(int v) {
            write(v);
            write(v >>> 8);
            return this;
        }

        Bytes u32(long v) {
            return u16((int) v & U16).u16((int) (v >>> 16) & U16);
        }

        Bytes u64(long v) {
            return u32(v & U32).u32(v >>> 32);
        }

        Bytes raw(byte[] b) {
            write(b, 0, b.length);
            return this;
        }
    }

    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
