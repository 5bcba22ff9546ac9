package bigfoot.staticbf.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The cache's digest: MurmurHash3 x64_128 as published, whatever pieces its input comes in. */
class DigestTest {

    private static String of(byte[] bytes) {
        return new Digest().add(bytes, 0, bytes.length).hex();
    }

    @Test
    void isMurmurHash3X64128WithSeedZero() {
        // the published vectors (as h1 then h2, each most significant digit first)
        assertEquals("00000000000000000000000000000000", new Digest().hex());
        assertEquals("e34bbc7bbc071b6c7a433ca9c49a9347",
                of("The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void theSameBytesInAnyPiecesGiveTheSameDigest() {
        Random random = new Random(7);
        for (int n = 0; n < 200; n++) {
            byte[] bytes = new byte[n];
            random.nextBytes(bytes);
            Digest pieces = new Digest();
            for (int i = 0; i < n; ) {
                int k = Math.min(n - i, random.nextInt(20));
                pieces.add(bytes, i, k);
                i += k;
            }
            assertEquals(of(bytes), pieces.hex(), "length " + n);
        }
    }

    @Test
    void stringsAreEndedSoTheirBoundariesCount() {
        assertEquals(of(new byte[] {'a', 'b', 0, 'c', 0}), Digest.of("ab", "c"));
        assertNotEquals(Digest.of("ab", "c"), Digest.of("a", "bc"));
    }

    @Test
    void aDigestStartsOverAfterItsHex() {
        Digest d = new Digest().add("first");
        String first = d.hex();
        assertEquals(Digest.of("second"), d.add("second").hex());
        assertEquals(first, Digest.of("first"));
    }

    @Test
    void inputsThatDifferInOneBitDiffer() {
        byte[] bytes = new byte[100];
        Set<String> seen = new HashSet<>();
        seen.add(of(bytes));
        for (int bit = 0; bit < 8 * bytes.length; bit++) {
            bytes[bit / 8] ^= (byte) (1 << bit % 8);
            seen.add(of(bytes));
            bytes[bit / 8] ^= (byte) (1 << bit % 8);
        }
        assertEquals(1 + 8 * bytes.length, seen.size());
    }
}
