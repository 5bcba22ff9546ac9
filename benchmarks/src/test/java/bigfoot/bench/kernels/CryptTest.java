package bigfoot.bench.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The Crypt kernel's cipher is IDEA: the known-answer vector from Lai's description, both ways. */
class CryptTest {

    private static final byte[] PLAIN = {0, 0, 0, 1, 0, 2, 0, 3};
    private static final byte[] CIPHER = {0x11, (byte) 0xfb, (byte) 0xed, 0x2b, 0x01, (byte) 0x98, 0x6d, (byte) 0xe5};
    private static final int[] KEY = {1, 2, 3, 4, 5, 6, 7, 8};

    @Test
    void encryptsTheKnownAnswerVector() {
        byte[] out = new byte[8];
        Crypt.cipher(PLAIN, out, Crypt.encryptionKey(KEY), 0, 1);
        assertArrayEquals(CIPHER, out);
    }

    @Test
    void decryptsTheKnownAnswerVector() {
        byte[] out = new byte[8];
        Crypt.cipher(CIPHER, out, Crypt.decryptionKey(Crypt.encryptionKey(KEY)), 0, 1);
        assertArrayEquals(PLAIN, out);
    }
}
