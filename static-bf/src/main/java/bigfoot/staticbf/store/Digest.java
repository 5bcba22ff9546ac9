package bigfoot.staticbf.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A 128-bit MurmurHash3 (Austin Appleby's x64_128, seed 0) of strings (each ended by a NUL, so {@code "ab","c"} and
 * {@code "a","bc"} differ) and bytes, in hex: the cache's keys, fingerprints and entry checks.
 *
 * <p>Why not SHA-256: {@code bin/staticbf} runs on the quick compiler alone, where the JDK's SHA-256 has no intrinsic
 * and hashes 175 MB/s; that took 16% of the CPU of a re-run of xalan after one class changed (the classes, the jars,
 * the methods' fingerprints). This hash runs at about 6 GB/s there. It is not cryptographic: two inputs someone crafted
 * to collide would share a key, as they would share a CRC; any two a build makes differ in their key but with a chance
 * of one in 2^128, which is what a key needs (the cache's entries are the user's own, in the user's cache directory).
 */
public final class Digest {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** What ends each string. */
    private static final byte[] NUL = {0};

    /** The bytes added since the last full block of 16. */
    private final byte[] pending = new byte[16];
    private int buffered;
    private long h1;
    private long h2;
    private long length;

    /** The digest of {@code parts}, as added one by one. */
    public static String of(String... parts) {
        Digest d = new Digest();
        for (String p : parts) {
            d.add(p);
        }
        return d.hex();
    }

    public Digest add(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        return add(bytes, 0, bytes.length).add(NUL, 0, 1);
    }

    public Digest add(byte[] bytes, int offset, int count) {
        length += count;
        int i = offset;
        int end = offset + count;
        if (buffered > 0) {
            int take = Math.min(pending.length - buffered, count);
            System.arraycopy(bytes, i, pending, buffered, take);
            buffered += take;
            i += take;
            if (buffered < pending.length) {
                return this;
            }
            block(pending, 0);
            buffered = 0;
        }
        for (; end - i >= 16; i += 16) {
            block(bytes, i);
        }
        System.arraycopy(bytes, i, pending, 0, end - i);
        buffered = end - i;
        return this;
    }

    /** The digest of what was added (32 hex digits); the digest starts over. */
    public String hex() {
        long k1 = 0;
        long k2 = 0;
        for (int i = buffered - 1; i >= 8; i--) {
            k2 = k2 << 8 | (pending[i] & 0xff);
        }
        for (int i = Math.min(buffered, 8) - 1; i >= 0; i--) {
            k1 = k1 << 8 | (pending[i] & 0xff);
        }
        long a = h1;
        long b = h2;
        if (buffered > 8) {
            b ^= mix2(k2);
        }
        if (buffered > 0) {
            a ^= mix1(k1);
        }
        a ^= length;
        b ^= length;
        a += b;
        b += a;
        a = finish(a);
        b = finish(b);
        a += b;
        b += a;
        char[] out = new char[32];
        for (int i = 0; i < 16; i++) {
            out[15 - i] = HEX[(int) (a >>> 4 * i) & 0xf];
            out[31 - i] = HEX[(int) (b >>> 4 * i) & 0xf];
        }
        buffered = 0;
        h1 = 0;
        h2 = 0;
        length = 0;
        return new String(out);
    }

    private void block(byte[] bytes, int at) {
        h1 ^= mix1((long) LONG.get(bytes, at));
        h1 = Long.rotateLeft(h1, 27) + h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= mix2((long) LONG.get(bytes, at + 8));
        h2 = Long.rotateLeft(h2, 31) + h1;
        h2 = h2 * 5 + 0x38495ab5;
    }

    private static long mix1(long k) {
        return Long.rotateLeft(k * C1, 31) * C2;
    }

    private static long mix2(long k) {
        return Long.rotateLeft(k * C2, 33) * C1;
    }

    private static long finish(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        return k ^ k >>> 33;
    }
}
