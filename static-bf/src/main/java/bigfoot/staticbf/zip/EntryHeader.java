package bigfoot.staticbf.zip;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.zip.ZipEntry;

/**
 * Everything of a jar entry but its data, as its central directory record holds it (the zip format's APPNOTE, 4.3.12):
 * what the output keeps of an input entry, rewritten or not, so that nothing of it is lost (its time, extra fields,
 * comment, compression method and file attributes). The extra fields never hold a ZIP64 field: {@link ZipWriter}
 * adds its own where the sizes and offsets of the output need one.
 */
public record EntryHeader(byte[] name, int versionMadeBy, int versionNeeded, int flags, int method, int dosTime,
        int internalAttributes, long externalAttributes, byte[] extra, byte[] comment) {

    /** Flag bit 3: sizes and crc in a data descriptor after the data. The output writes them before it. */
    static final int DATA_DESCRIPTOR = 1 << 3;
    /** Flag bit 11: the name and comment are UTF-8. */
    static final int UTF8 = 1 << 11;
    private static final int ZIP64_FIELD = 0x0001;
    private static final int DEFLATE_VERSION = 20;

    /** The header of a new deflated entry named {@code name}, made at {@code time}. */
    public static EntryHeader added(String name, LocalDateTime time) {
        return new EntryHeader(name.getBytes(StandardCharsets.UTF_8), DEFLATE_VERSION, DEFLATE_VERSION, UTF8,
                ZipEntry.DEFLATED, dosTime(time), 0, 0, new byte[0], new byte[0]);
    }

    /** The header of {@code entry} as {@link java.util.zip.ZipFile} describes it: for a jar whose records cannot be read. */
    public static EntryHeader of(ZipEntry entry) {
        byte[] extra = entry.getExtra();
        byte[] comment = entry.getComment() == null ? new byte[0] : entry.getComment().getBytes(StandardCharsets.UTF_8);
        return new EntryHeader(entry.getName().getBytes(StandardCharsets.UTF_8), DEFLATE_VERSION, DEFLATE_VERSION, UTF8,
                entry.getMethod(), dosTime(entry.getTimeLocal()), 0, 0, extra == null ? new byte[0] : withoutZip64(extra),
                comment);
    }

    /** The name as {@link java.util.zip.ZipFile} reads it (as UTF-8, flagged or not). */
    public String nameString() {
        return new String(name, StandardCharsets.UTF_8);
    }

    /** The MS-DOS date and time of {@code time} (1980 to 2107, to the even second), as the zip format stores it. */
    static int dosTime(LocalDateTime time) {
        if (time.getYear() < 1980) {
            time = LocalDateTime.of(1980, 1, 1, 0, 0);
        } else if (time.getYear() > 2107) {
            time = LocalDateTime.of(2107, 12, 31, 23, 59, 58);
        }
        return (time.getYear() - 1980) << 25 | time.getMonthValue() << 21 | time.getDayOfMonth() << 16
                | time.getHour() << 11 | time.getMinute() << 5 | time.getSecond() >> 1;
    }

    /**
     * {@code extra} without its ZIP64 field (header id 1), whose sizes and offset were those of the input; as it is if
     * its fields do not parse.
     */
    static byte[] withoutZip64(byte[] extra) {
        ByteArrayOutputStream kept = new ByteArrayOutputStream(extra.length);
        int at = 0;
        while (at + 4 <= extra.length) {
            int id = (extra[at] & 0xFF) | (extra[at + 1] & 0xFF) << 8;
            int size = (extra[at + 2] & 0xFF) | (extra[at + 3] & 0xFF) << 8;
            if (at + 4 + size > extra.length) {
                return extra;
            }
            if (id != ZIP64_FIELD) {
                kept.write(extra, at, 4 + size);
            }
            at += 4 + size;
        }
        return at == extra.length ? kept.toByteArray() : extra;
    }
}
