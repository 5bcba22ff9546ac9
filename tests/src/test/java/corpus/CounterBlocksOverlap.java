package corpus;

/**
 * Crypt's blocks written through a counter the loop does not test ({@code out[i2++]} eight times per block, checked
 * as one range after the loop) by one worker, bytes 0..23; another writes bytes 23..29 one by one: only byte 23 races.
 */
@ExpectRaces("byte[23]")
public class CounterBlocksOverlap {
    public static void main(String[] args) throws Exception {
        byte[] out = new byte[40];
        Threads.run(() -> blocks(out, 0, 3), () -> bytes(out, 23, 30));
        System.out.println("out[23] " + out[23]);
    }

    static void blocks(byte[] out, int lo, int hi) {
        int i2 = 8 * lo;
        for (int b = lo; b < hi; b++) {
            out[i2++] = 1;
            out[i2++] = 2;
            out[i2++] = 3;
            out[i2++] = 4;
            out[i2++] = 5;
            out[i2++] = 6;
            out[i2++] = 7;
            out[i2++] = 8;
        }
    }

    static void bytes(byte[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            out[i] = 9;
        }
    }
}
