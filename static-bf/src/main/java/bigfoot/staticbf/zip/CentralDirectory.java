package bigfoot.staticbf.zip;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A jar's central directory as stored (the zip format's APPNOTE, 4.3.12-4.3.16, ZIP64 included): each entry's header
 * ({@link EntryHeader}), crc, sizes and where its data starts; and the data itself, copied as it is stored. So an entry
 * the output copies is neither inflated nor deflated again, and keeps what {@link java.util.zip.ZipEntry} does not
 * show (file attributes, the stored time). Data before the first entry (a launcher script) shifts every offset, as
 * {@link java.util.zip.ZipFile} allows.
 */
public final class CentralDirectory implements Closeable {

    /** Why a central directory could not be read: the jar is then copied entry by entry through {@code ZipFile}. */
    public static final class Unreadable extends Exception {
        Unreadable(String why) {
            super(why);
        }
    }

    /** An entry: its header, the crc and sizes of its data, and where the local header before the data is. */
    public record Entry(EntryHeader header, long crc, long compressedSize, long size, long localHeader) {
    }

    private static final int END = 0x06054b50;
    private static final int END_LENGTH = 22;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_LOCATOR_LENGTH = 20;
    private static final int ZIP64_END = 0x06064b50;
    private static final int RECORD = 0x02014b50;
    private static final int RECORD_LENGTH = 46;
    private static final int LOCAL = 0x04034b50;
    private static final int LOCAL_LENGTH = 30;
    private static final long U32 = 0xFFFFFFFFL;
    private static final int U16 = 0xFFFF;

    private final FileChannel file;
    private final List<Entry> entries;
    /** What data before the first entry adds to every stored offset. */
    private final long shift;

    private CentralDirectory(FileChannel file, List<Entry> entries, long shift) {
        this.file = file;
        this.entries = entries;
        this.shift = shift;
    }

    /** The central directory of the jar {@code path}, kept open for {@link #copyData} until the caller closes it. */
    public static CentralDirectory open(Path path) throws IOException, Unreadable {
        FileChannel file = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return read(file);
        } catch (IOException | Unreadable | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * The bytes of the central directory of the jar {@code path} as stored, its records unread: what StaticBF's code key
     * hashes of its own jar.
     */
    public static byte[] storedBytes(Path path) throws IOException {
        try (FileChannel file = FileChannel.open(path, StandardOpenOption.READ)) {
            Location where = locate(file);
            return read(file, where.start(), (int) where.size()).array();
        } catch (Unreadable e) {
            throw new IOException(path + ": " + e.getMessage());
        }
    }

    /**
     * Where a central directory is: its first byte and size, the number of records its end record gives, and what data
     * before the first entry adds to every stored offset.
     */
    private record Location(long start, long size, long count, long shift) {
    }

    private static CentralDirectory read(FileChannel file) throws IOException, Unreadable {
        Location where = locate(file);
        long start = where.start();
        long size = where.size();
        long count = where.count();
        ByteBuffer directory = read(file, start, (int) size);
        List<Entry> entries = new ArrayList<>();
        int at = 0;
        while (at < size) {
            if (at + RECORD_LENGTH > size || directory.getInt(at) != RECORD) {
                throw new Unreadable("bad central directory record at " + (start + at));
            }
            int nameLength = u16(directory, at + 28);
            int extraLength = u16(directory, at + 30);
            int commentLength = u16(directory, at + 32);
            int variable = at + RECORD_LENGTH;
            if (variable + nameLength + extraLength + commentLength > size) {
                throw new Unreadable("bad central directory record at " + (start + at));
            }
            byte[] name = bytes(directory, variable, nameLength);
            byte[] extra = bytes(directory, variable + nameLength, extraLength);
            byte[] comment = bytes(directory, variable + nameLength + extraLength, commentLength);
            long[] sizes = {u32(directory, at + 24), u32(directory, at + 20), u32(directory, at + 42)};
            zip64(extra, sizes);
            EntryHeader header = new EntryHeader(name, u16(directory, at + 4), u16(directory, at + 6),
                    u16(directory, at + 8) & ~EntryHeader.DATA_DESCRIPTOR, u16(directory, at + 10),
                    directory.getInt(at + 12), u16(directory, at + 36), u32(directory, at + 38),
                    EntryHeader.withoutZip64(extra), comment);
            entries.add(new Entry(header, u32(directory, at + 16), sizes[1], sizes[0], sizes[2]));
            at = variable + nameLength + extraLength + commentLength;
        }
        if (entries.size() != count && count != U16) {
            throw new Unreadable(entries.size() + " central directory records, " + count + " said");
        }
        return new CentralDirectory(file, List.copyOf(entries), where.shift());
    }

    private static Location locate(FileChannel file) throws IOException, Unreadable {
        long end = findEnd(file, file.size());
        ByteBuffer record = read(file, end, END_LENGTH);
        long count = u16(record, 10);
        long size = u32(record, 12);
        long offset = u32(record, 16);
        long directoryEnd = end;
        if (count == U16 || size == U32 || offset == U32) { // a ZIP64 end record holds them
            if (end < ZIP64_LOCATOR_LENGTH) {
                throw new Unreadable("no ZIP64 end record");
            }
            ByteBuffer locator = read(file, end - ZIP64_LOCATOR_LENGTH, ZIP64_LOCATOR_LENGTH);
            if (locator.getInt(0) != ZIP64_LOCATOR) {
                throw new Unreadable("no ZIP64 end record");
            }
            long at = locator.getLong(8);
            ByteBuffer end64 = at >= 0 && at + 56 <= end ? read(file, at, 56) : null;
            if (end64 == null || end64.getInt(0) != ZIP64_END) {
                throw new Unreadable("no ZIP64 end record");
            }
            count = end64.getLong(32);
            size = end64.getLong(40);
            offset = end64.getLong(48);
            directoryEnd = at;
        }
        long start = directoryEnd - size;
        long shift = start - offset;
        if (size < 0 || start < 0 || shift < 0 || size > Integer.MAX_VALUE) {
            throw new Unreadable("central directory out of the file");
        }
        return new Location(start, size, count, shift);
    }

    /** The end record: the last signature whose comment ends the file. */
    private static long findEnd(FileChannel file, long length) throws IOException, Unreadable {
        int tail = (int) Math.min(length, END_LENGTH + U16);
        ByteBuffer buffer = read(file, length - tail, tail);
        for (int at = tail - END_LENGTH; at >= 0; at--) {
            if (buffer.getInt(at) == END && at + END_LENGTH + u16(buffer, at + 20) == tail) {
                return length - tail + at;
            }
        }
        throw new Unreadable("no end of central directory record");
    }

    /**
     * Replaces the {@code sizes} (size, compressed size, local header offset) that their 32-bit fields mark as too large
     * by the values of the record's ZIP64 field, in that order.
     */
    private static void zip64(byte[] extra, long[] sizes) throws Unreadable {
        ByteBuffer b = ByteBuffer.wrap(extra).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at + 4 <= extra.length; at += 4 + u16(b, at + 2)) {
            if (u16(b, at) == 1) {
                int next = at + 4;
                for (int i = 0; i < sizes.length; i++) {
                    if (sizes[i] == U32) {
                        if (next + 8 > at + 4 + u16(b, at + 2) || next + 8 > extra.length) {
                            throw new Unreadable("short ZIP64 field");
                        }
                        sizes[i] = b.getLong(next);
                        next += 8;
                    }
                }
                return;
            }
        }
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Writes the data of {@code entry} as it is stored (compressed or not) to {@code out}. */
    public void copyData(Entry entry, OutputStream out) throws IOException {
        long local = entry.localHeader() + shift;
        ByteBuffer header = read(file, local, LOCAL_LENGTH);
        if (header.getInt(0) != LOCAL) {
            throw new IOException("no local header for entry " + entry.header().nameString());
        }
        long data = local + LOCAL_LENGTH + u16(header, 26) + u16(header, 28);
        WritableByteChannel to = Channels.newChannel(out);
        for (long copied = 0, n; copied < entry.compressedSize(); copied += n) {
            n = file.transferTo(data + copied, entry.compressedSize() - copied, to);
            if (n <= 0) {
                throw new IOException("entry " + entry.header().nameString() + " is cut short");
            }
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }

    private static ByteBuffer read(FileChannel file, long position, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (file.read(b, position + b.position()) < 0) {
                throw new IOException("unexpected end of file");
            }
        }
        return b.flip();
    }

    private static byte[] bytes(ByteBuffer b, int at, int length) {
        return Arrays.copyOfRange(b.array(), at, at + length);
    }

    private static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & U16;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & U32;
    }
}
