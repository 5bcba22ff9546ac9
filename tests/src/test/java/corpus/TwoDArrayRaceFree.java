package corpus;

/** Four threads each fill their own row of a double[4][16]; the parent reads everything after joining. */
@ExpectRaces({})
public class TwoDArrayRaceFree {
    public static void main(String[] args) throws Exception {
        double[][] m = new double[4][16];
        Runnable[] bodies = new Runnable[4];
        for (int k = 0; k < 4; k++) {
            int row = k;
            bodies[k] = () -> {
                for (int j = 0; j < 16; j++) {
                    m[row][j] = row * 0.5 + j;
                }
            };
        }
        Threads.run(bodies);
        double sum = 0;
        for (double[] r : m) {
            for (double v : r) {
                sum += v;
            }
        }
        System.out.println("sum " + sum);
    }
}
