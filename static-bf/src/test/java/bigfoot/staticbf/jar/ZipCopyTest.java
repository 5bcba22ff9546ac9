package bigfoot.staticbf.jar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bigfoot.staticbf.zip.CentralDirectory;
import bigfoot.staticbf.zip.EntryHeader;
import bigfoot.staticbf.zip.StoredData;
import bigfoot.staticbf.zip.ZipWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarInputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An entry the output copies is copied as the input stores it: its data's bytes, time, extra fields, comment and file
 * attributes. The output stays a zip file every reader reads, with ZIP64 records where the format needs them.
 */
class ZipCopyTest {

    private static final LocalDateTime TIME = LocalDateTime.of(2011, 2, 3, 4, 5, 6);

    @TempDir
    Path work;

    /** A jar as {@link ZipOutputStream} writes it (deflated entries with data descriptors), with a stored entry. */
    private Path jar(String name) throws IOException {
        Path jar = work.resolve(name);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            zip.setLevel(Deflater.BEST_SPEED); // not the output's level: data deflated again would differ
            ZipEntry text = new ZipEntry("a/text.txt");
            text.setTimeLocal(TIME);
            text.setComment("a comment");
            text.setExtra(new byte[] {(byte) 0xFE, (byte) 0xCA, 2, 0, 7, 9});
            zip.putNextEntry(text);
            zip.write("hello, hello, hello\n".repeat(50).getBytes(StandardCharsets.UTF_8));
            ZipEntry data = new ZipEntry("b/data.bin");
            byte[] bytes = {0, 1, 2, 3, 4, 5, 6, 7};
            CRC32 crc = new CRC32();
            crc.update(bytes);
            data.setMethod(ZipEntry.STORED);
            data.setSize(bytes.length);
            data.setCrc(crc.getValue());
            zip.putNextEntry(data);
            zip.write(bytes);
            zip.putNextEntry(new ZipEntry("c/"));
        }
        return jar;
    }

    private Path copy(Path in) throws Exception {
        Path out = work.resolve("copy-of-" + in.getFileName());
        try (InputJar input = InputJar.open(in); OutputJar output = OutputJar.create(out)) {
            for (int i = 0; i < input.entries().size(); i++) {
                input.copy(i, output);
            }
            output.commit();
        }
        return out;
    }

    @Test
    void anEntryCopiedKeepsItsStoredDataAndEverythingItsRecordSays() throws Exception {
        Path in = jar("in.jar");
        Path out = copy(in);
        List<CentralDirectory.Entry> before = records(in);
        List<CentralDirectory.Entry> after = records(out);
        assertEquals(3, after.size());
        for (int i = 0; i < before.size(); i++) {
            CentralDirectory.Entry b = before.get(i);
            CentralDirectory.Entry a = after.get(i);
            assertEquals(b.header().nameString(), a.header().nameString());
            assertEquals(List.of(b.header().method(), b.header().dosTime(), b.header().flags(),
                    b.header().externalAttributes(), b.crc(), b.compressedSize(), b.size()),
                    List.of(a.header().method(), a.header().dosTime(), a.header().flags(),
                    a.header().externalAttributes(), a.crc(), a.compressedSize(), a.size()));
            assertArrayEquals(b.header().extra(), a.header().extra());
            assertArrayEquals(b.header().comment(), a.header().comment());
            assertArrayEquals(data(in, i), data(out, i), "the data as stored, not deflated again");
        }
        assertSameContent(in, out);
        try (ZipFile zip = new ZipFile(out.toFile())) {
            assertEquals(TIME, zip.getEntry("a/text.txt").getTimeLocal());
            assertEquals("a comment", zip.getEntry("a/text.txt").getComment());
        }
    }

    @Test
    void aLauncherScriptBeforeTheEntriesAndFileAttributesAreNoObstacle() throws Exception {
        Path in = work.resolve("launcher.jar");
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        ZipWriter writer = new ZipWriter(zip);
        byte[] tool = "#!/bin/sh\necho tool\n".getBytes(StandardCharsets.UTF_8);
        StoredData stored = StoredData.of(ZipEntry.DEFLATED, tool);
        EntryHeader added = EntryHeader.added("bin/tool", TIME);
        long executable = 0100755L << 16;
        writer.write(new EntryHeader(added.name(), 0x0314, 20, added.flags(), added.method(), added.dosTime(), 0,
                executable, added.extra(), added.comment()), stored.crc(), stored.data().length, stored.size(),
                out -> out.write(stored.data()));
        writer.finish();
        try (OutputStream file = Files.newOutputStream(in)) {
            file.write("#!/bin/sh\nexec java -jar \"$0\" \"$@\"\n".getBytes(StandardCharsets.UTF_8));
            zip.writeTo(file);
        }
        Path out = copy(in);
        CentralDirectory.Entry copied = records(out).get(0);
        assertEquals(executable, copied.header().externalAttributes());
        assertEquals(0x0314, copied.header().versionMadeBy(), "made on Unix: what gives the attributes their meaning");
        assertSameContent(in, out);
    }

    @Test
    void aJarWhoseRecordCountIsWrongIsCopiedEntryByEntryAsZipFileReadsIt() throws Exception {
        Path in = jar("miscounted.jar");
        byte[] bytes = Files.readAllBytes(in);
        ByteBuffer end = ByteBuffer.wrap(bytes, bytes.length - 22, 22).order(ByteOrder.LITTLE_ENDIAN);
        end.putShort(bytes.length - 22 + 8, (short) 2).putShort(bytes.length - 22 + 10, (short) 2);
        Files.write(in, bytes); // as old tools wrote jars of more than 65,535 entries: ZipFile counts them itself
        assertThrows(CentralDirectory.Unreadable.class, () -> CentralDirectory.open(in));
        Path out = copy(in);
        assertSameContent(in, out);
        try (ZipFile zip = new ZipFile(out.toFile())) {
            assertEquals(TIME, zip.getEntry("a/text.txt").getTimeLocal());
            assertEquals(ZipEntry.STORED, zip.getEntry("b/data.bin").getMethod());
        }
    }

    @Test
    void aJarOfMoreEntriesThanTheFormatsSixteenBitsCountHasZip64Records() throws Exception {
        Path out = work.resolve("many.jar");
        int n = 70_000;
        try (OutputJar output = OutputJar.create(out)) {
            for (int i = 0; i < n; i++) {
                output.write(EntryHeader.added("e/" + i, TIME),
                        StoredData.of(ZipEntry.DEFLATED, Integer.toString(i).getBytes(StandardCharsets.UTF_8)));
            }
            output.commit();
        }
        try (ZipFile zip = new ZipFile(out.toFile())) {
            assertEquals(n, zip.size());
            assertArrayEquals("69999".getBytes(StandardCharsets.UTF_8),
                    zip.getInputStream(zip.getEntry("e/69999")).readAllBytes());
        }
        int read = 0;
        try (JarInputStream stream = new JarInputStream(Files.newInputStream(out))) {
            while (stream.getNextEntry() != null) {
                read++;
            }
        }
        assertEquals(n, read, "a reader of local headers reads them all");
        assertEquals(n, records(out).size());
    }

    private static List<CentralDirectory.Entry> records(Path jar) throws Exception {
        CentralDirectory directory = CentralDirectory.open(jar);
        try {
            return directory.entries();
        } finally {
            directory.close();
        }
    }

    private static byte[] data(Path jar, int index) throws Exception {
        CentralDirectory directory = CentralDirectory.open(jar);
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            directory.copyData(directory.entries().get(index), out);
            return out.toByteArray();
        } finally {
            directory.close();
        }
    }

    private static void assertSameContent(Path in, Path out) throws IOException {
        try (ZipFile a = new ZipFile(in.toFile()); ZipFile b = new ZipFile(out.toFile())) {
            List<String> names = new ArrayList<>();
            Collections.list(a.entries()).forEach(e -> names.add(e.getName()));
            List<String> copied = new ArrayList<>();
            Collections.list(b.entries()).forEach(e -> copied.add(e.getName()));
            assertEquals(names, copied);
            for (String name : names) {
                assertArrayEquals(a.getInputStream(a.getEntry(name)).readAllBytes(),
                        b.getInputStream(b.getEntry(name)).readAllBytes(), name);
                assertEquals(a.getEntry(name).getTimeLocal(), b.getEntry(name).getTimeLocal(), name);
            }
        }
    }
}
