package bigfoot.bench.kernels;

import java.util.Arrays;
import java.util.Random;

/**
 * Byte-array kernel: IDEA (Lai and Massey's International Data Encryption Algorithm: 8 rounds on four 16-bit
 * words mixing XOR, addition mod 2^16 and multiplication mod 2^16+1, then an output transform) encrypts a
 * large byte array and decrypts it again, 8-byte blocks split among threads; written from the algorithm, as
 * JavaGrande's Crypt. Encryption and decryption are separated by a barrier, and each thread decrypts the
 * blocks another thread encrypted. Check: decrypt(encrypt(x)) == x and the ciphertext differs from x.
 * <p>It follows the original's access pattern: a block's eight bytes are read with {@code in[i1++]} and written with
 * {@code out[i2++]}, counters the block loop does not test, stepped eight times per iteration. That shape decides
 * what a placement can do with the loop: only if it sees the eight accesses as covering {@code [i1 before the loop,
 * i1)} does one range check per array replace a check per byte (offsets of the block's index, {@code in[8*b+c]},
 * would make the analysis's task easier than the real program's).
 * <p>Sizes (bytes): small 24 000; medium 400 000; large 3 000 000. Arguments: see {@link KernelArgs}.
 */
public final class Crypt {

    static final int ROUNDS = 8;
    static final int SUBKEYS = 6 * ROUNDS + 4;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("crypt", args);
        int bytes = a.size().pick(24_000, 400_000, 3_000_000);
        Random random = new Random(136506717L);
        byte[] plain = new byte[bytes];
        random.nextBytes(plain);
        int[] userKey = new int[8];
        for (int i = 0; i < userKey.length; i++) {
            userKey[i] = random.nextInt(1 << 16);
        }
        int[] encrypt = encryptionKey(userKey);
        int[] decrypt = decryptionKey(encrypt);
        KernelTimer.time("crypt", a, () -> run(plain, encrypt, decrypt, a.threads()));
    }

    static double run(byte[] plain, int[] encrypt, int[] decrypt, int threads) throws Exception {
        byte[] cipher = new byte[plain.length];
        byte[] back = new byte[plain.length];
        int blocks = plain.length / 8;
        Team.run("crypt", threads, (t, barrier) -> {
            cipher(plain, cipher, encrypt, Team.lo(t, threads, blocks), Team.hi(t, threads, blocks));
            barrier.await();
            int other = threads - 1 - t;
            cipher(cipher, back, decrypt, Team.lo(other, threads, blocks), Team.hi(other, threads, blocks));
        });
        KernelTimer.check(Arrays.equals(plain, back), "decrypt(encrypt(x)) differs from x");
        KernelTimer.check(!Arrays.equals(plain, cipher), "encrypt(x) equals x");
        double sum = 0;
        for (byte b : cipher) {
            sum += b;
        }
        return sum;
    }

    /** The 52 encryption subkeys: the 128-bit key cut into 16-bit words, then rotated left 25 bits per 8 words. */
    static int[] encryptionKey(int[] userKey) {
        long hi = 0, lo = 0;
        for (int i = 0; i < 4; i++) {
            hi = hi << 16 | userKey[i];
            lo = lo << 16 | userKey[i + 4];
        }
        int[] z = new int[SUBKEYS];
        for (int i = 0; i < SUBKEYS; i++) {
            int w = i % 8;
            z[i] = (int) ((w < 4 ? hi >>> (48 - 16 * w) : lo >>> (48 - 16 * (w - 4))) & 0xffff);
            if (w == 7) {
                long h = hi << 25 | lo >>> 39;
                lo = lo << 25 | hi >>> 39;
                hi = h;
            }
        }
        return z;
    }

    /**
     * The decryption subkeys: round r of decryption uses the inverses of encryption round 8 - r's keys
     * (multiplicative inverses for the multiplied keys, additive inverses for the added ones, swapped in the
     * inner rounds because of the round's middle-word swap) and the MA keys of encryption round 7 - r.
     */
    static int[] decryptionKey(int[] z) {
        int[] d = new int[SUBKEYS];
        for (int r = 0; r <= ROUNDS; r++) {
            int e = 6 * (ROUNDS - r);
            boolean inner = r > 0 && r < ROUNDS;
            d[6 * r] = inverse(z[e]);
            d[6 * r + 1] = negate(z[inner ? e + 2 : e + 1]);
            d[6 * r + 2] = negate(z[inner ? e + 1 : e + 2]);
            d[6 * r + 3] = inverse(z[e + 3]);
            if (r < ROUNDS) {
                d[6 * r + 4] = z[e - 2];
                d[6 * r + 5] = z[e - 1];
            }
        }
        return d;
    }

    /**
     * IDEA on the 8-byte blocks [lo, hi) of {@code in}, written to the same blocks of {@code out}. The bytes are read
     * and written through counters stepped at each access ({@code in[i1++]}, {@code out[i2++]}), as in JavaGrande's
     * {@code cipher_idea}, and not at offsets of the block's index.
     */
    static void cipher(byte[] in, byte[] out, int[] key, int lo, int hi) {
        int i1 = 8 * lo;
        int i2 = 8 * lo;
        int iupper = 8 * hi;
        for (int i = 8 * lo; i < iupper; i += 8) {
            int x1 = (in[i1++] & 0xff) << 8;
            x1 |= in[i1++] & 0xff;
            int x2 = (in[i1++] & 0xff) << 8;
            x2 |= in[i1++] & 0xff;
            int x3 = (in[i1++] & 0xff) << 8;
            x3 |= in[i1++] & 0xff;
            int x4 = (in[i1++] & 0xff) << 8;
            x4 |= in[i1++] & 0xff;
            int k = 0;
            for (int r = 0; r < ROUNDS; r++) {
                x1 = mul(x1, key[k++]);
                x2 = x2 + key[k++] & 0xffff;
                x3 = x3 + key[k++] & 0xffff;
                x4 = mul(x4, key[k++]);
                int s3 = x3;
                x3 = mul(x3 ^ x1, key[k++]);
                int s2 = x2;
                x2 = mul((x2 ^ x4) + x3 & 0xffff, key[k++]);
                x3 = x3 + x2 & 0xffff;
                x1 ^= x2;
                x4 ^= x3;
                x2 ^= s3; // the middle words leave the round swapped
                x3 ^= s2;
            }
            int y1 = mul(x1, key[k++]);
            int y2 = x3 + key[k++] & 0xffff; // the output transform undoes the last swap
            int y3 = x2 + key[k++] & 0xffff;
            int y4 = mul(x4, key[k]);
            out[i2++] = (byte) (y1 >>> 8);
            out[i2++] = (byte) y1;
            out[i2++] = (byte) (y2 >>> 8);
            out[i2++] = (byte) y2;
            out[i2++] = (byte) (y3 >>> 8);
            out[i2++] = (byte) y3;
            out[i2++] = (byte) (y4 >>> 8);
            out[i2++] = (byte) y4;
        }
    }

    /** Multiplication modulo 2^16 + 1, where the word 0 stands for 2^16. */
    static int mul(int a, int b) {
        if (a == 0) {
            return 0x10001 - b & 0xffff; // 2^16 = -1 (mod 2^16 + 1)
        }
        if (b == 0) {
            return 0x10001 - a & 0xffff;
        }
        long p = (long) a * b;
        int lo = (int) (p & 0xffff);
        int hi = (int) (p >>> 16);
        return lo - hi + (lo < hi ? 1 : 0) & 0xffff; // 2^16 = -1 (mod 2^16 + 1)
    }

    /** The inverse for {@link #mul}: x^(2^16 - 1) mod 2^16 + 1 (Fermat); 0 (2^16) and 1 are their own inverses. */
    static int inverse(int x) {
        if (x <= 1) {
            return x;
        }
        long result = 1;
        long base = x;
        for (int e = 0xffff; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result = result * base % 0x10001;
            }
            base = base * base % 0x10001;
        }
        return (int) result;
    }

    /** The additive inverse modulo 2^16. */
    static int negate(int x) {
        return -x & 0xffff;
    }
}
