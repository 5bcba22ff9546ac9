package corpus;

/**
 * Crypt's blocks (JavaGrande's cipher_idea): each iteration reads eight bytes through a counter the loop does not
 * test ({@code in[i1++]}) and writes eight through another ({@code out[i2++]}), so bigfoot checks one range per array
 * after the loop. The workers cipher their own halves; then loops left in the middle of a block, with the elements of
 * that block and the ranges of the blocks before it owed: an output too short (a write throws after its counter's
 * step), a rejected byte (a call throws between two steps of the input's counter), a block of zeros (a return after
 * the reads); and a loop stepping by 2 whose counter steps by 3. Race-free.
 */
@ExpectRaces({})
public class CounterBlocks {

    static void cipher(byte[] in, byte[] out, int lo, int hi) {
        int i1 = 8 * lo;
        int i2 = 8 * lo;
        for (int i = 8 * lo; i < 8 * hi; i += 8) {
            int x1 = in[i1++] & 0xff;
            x1 |= (checked(in[i1++]) & 0xff) << 8;
            int x2 = in[i1++] & 0xff;
            x2 |= (in[i1++] & 0xff) << 8;
            int x3 = in[i1++] & 0xff;
            x3 |= (in[i1++] & 0xff) << 8;
            int x4 = in[i1++] & 0xff;
            x4 |= (in[i1++] & 0xff) << 8;
            out[i2++] = (byte) x2;
            out[i2++] = (byte) (x2 >>> 8);
            out[i2++] = (byte) x1;
            out[i2++] = (byte) (x1 >>> 8);
            out[i2++] = (byte) x4;
            out[i2++] = (byte) (x4 >>> 8);
            out[i2++] = (byte) x3;
            out[i2++] = (byte) (x3 >>> 8);
        }
    }

    /** Rejects the byte -1. */
    static byte checked(byte b) {
        if (b == -1) {
            throw new IllegalArgumentException("rejected byte");
        }
        return b;
    }

    /** The first block of zeros in [0, blocks), or -1. */
    static int zeroBlock(byte[] in, int blocks) {
        int k = 0;
        for (int b = 0; b < blocks; b++) {
            int x = in[k++] | in[k++] | in[k++] | in[k++] | in[k++] | in[k++] | in[k++] | in[k++];
            if (x == 0) {
                return b;
            }
        }
        return -1;
    }

    /** Sums three bytes per step of 2 of {@code i}. */
    static int triples(byte[] in, int n) {
        int s = 0;
        int k = 0;
        for (int i = 0; i < n; i += 2) {
            s += in[k++] + in[k++] + in[k++];
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        byte[] in = new byte[64];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (i + 1);
        }
        byte[] out = new byte[64];
        Threads.run(() -> cipher(in, out, 0, 4), () -> cipher(in, out, 4, 8));
        // each case on a copy of its own (cloned by the JDK, unchecked): a check of an element the case did not access
        // is then legitimate for no access of main's
        try {
            cipher(in.clone(), new byte[21], 0, 8);
        } catch (ArrayIndexOutOfBoundsException expected) {
            System.out.println("output too short");
        }
        byte[] rejected = in.clone();
        rejected[25] = -1;
        try {
            cipher(rejected, new byte[64], 0, 8);
        } catch (IllegalArgumentException expected) {
            System.out.println("rejected");
        }
        byte[] zeros = in.clone();
        java.util.Arrays.fill(zeros, 16, 24, (byte) 0);
        System.out.println("zero block " + zeroBlock(zeros, 8) + ", triples " + triples(in.clone(), 20) + ", out[9] " + out[9]);
    }
}
