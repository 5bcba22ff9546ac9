package corpus;

/**
 * Every primitive type as a field and as an array element. Both threads write index 1 of each array
 * and the small-typed fields (racy); compound updates on their own long[] and double[] slots are not.
 * With capsules the arrays only {@code work} touches are the class's protected arrays: their races show as its
 * capsule violation; {@code main} hands the long[] and double[] to {@code Arrays.toString}, so theirs stay array races.
 */
@ExpectRaces(value = {"boolean[1]", "byte[1]", "char[1]", "short[1]", "int[1]", "float[1]", "long[1]", "double[1]",
    "corpus.PrimitiveTypesRace.flag", "corpus.PrimitiveTypesRace.b", "corpus.PrimitiveTypesRace.c",
    "corpus.PrimitiveTypesRace.s", "corpus.PrimitiveTypesRace.f"},
    protectedArrays = {"boolean[1] corpus.PrimitiveTypesRace", "byte[1] corpus.PrimitiveTypesRace",
        "char[1] corpus.PrimitiveTypesRace", "short[1] corpus.PrimitiveTypesRace", "int[1] corpus.PrimitiveTypesRace",
        "float[1] corpus.PrimitiveTypesRace"})
public class PrimitiveTypesRace {
    boolean flag;
    byte b;
    char c;
    short s;
    float f;

    final boolean[] za = new boolean[3];
    final byte[] ba = new byte[3];
    final char[] ca = new char[3];
    final short[] sa = new short[3];
    final int[] ia = new int[3];
    final float[] fa = new float[3];
    final long[] la = new long[3];
    final double[] da = new double[3];

    void work(int me) {
        int own = me == 0 ? 0 : 2;
        za[1] = !za[1];
        ba[1] += 3;
        ca[1]++;
        sa[1] -= 2;
        ia[1] = me;
        fa[1] *= 1.5f;
        la[1] = me;
        da[1] = me;
        la[own] += 1L << 40;
        la[own]++;
        da[own] *= 2.5;
        da[own] -= 1;
        flag = !flag;
        b++;
        c += 2;
        s = (short) me;
        f /= 2;
    }

    public static void main(String[] args) throws Exception {
        PrimitiveTypesRace p = new PrimitiveTypesRace();
        Threads.run(() -> p.work(0), () -> p.work(1));
        System.out.println("la " + java.util.Arrays.toString(p.la) + " da " + java.util.Arrays.toString(p.da) + " c "
                + (int) p.c);
    }
}
