package bigfoot.staticbf.zip;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import java.util.zip.ZipEntry;

/**
 * An entry's data as a jar stores it: deflated (raw deflate, as the zip format has it) or stored, with the crc and
 * size of its content. A rewritten class is compressed once, by the worker that rewrote it, and kept compressed
 * (a kept class entry): a re-run writes it as it is. The same content gives the same bytes (one deflater, at its
 * default level), so an output jar is the same with and without the cache.
 */
public record StoredData(int method, byte[] data, long crc, long size) {

    /** {@code content} compressed as {@code method} ({@link ZipEntry#DEFLATED} or {@link ZipEntry#STORED}) has it. */
    public static StoredData of(int method, byte[] content) {
        CRC32 crc = new CRC32();
        crc.update(content);
        return new StoredData(method, method == ZipEntry.STORED ? content : deflated(content), crc.getValue(),
                content.length);
    }

    /** The same content, stored as {@code method} has it. */
    public StoredData as(int method) throws DataFormatException {
        return method == this.method ? this : of(method, content());
    }

    /** The content, inflated if it is stored deflated. */
    private byte[] content() throws DataFormatException {
        if (method == ZipEntry.STORED) {
            return data;
        }
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(data);
            byte[] content = new byte[Math.toIntExact(size)];
            int n = 0;
            while (n < content.length && !inflater.finished()) {
                int read = inflater.inflate(content, n, content.length - n);
                if (read == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += read;
            }
            if (n != content.length) {
                throw new DataFormatException(n + " of " + content.length + " bytes");
            }
            return content;
        } finally {
            inflater.end();
        }
    }

    private static byte[] deflated(byte[] content) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        try {
            deflater.setInput(content);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(content.length / 2 + 64);
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }
}
