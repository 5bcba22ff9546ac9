package corpus;

/**
 * An interface's static array is built by the interface's initialiser (ordered before every use), read
 * by two threads (race-free), whose elements 0 both threads also overwrite (racy).
 */
@ExpectRaces("int[0]")
public class InterfaceStaticArray {
    public static void main(String[] args) throws Exception {
        long[] sums = new long[2];
        Threads.run(() -> sums[0] = InterfaceStaticArrayPrimes.sumAndMark(1), () -> sums[1] = InterfaceStaticArrayPrimes.sumAndMark(2));
        System.out.println("sums " + sums[0] + " " + sums[1]);
    }
}

interface InterfaceStaticArrayPrimes {
    int[] PRIMES = firstPrimes(10);

    static int[] firstPrimes(int n) {
        int[] p = new int[n];
        int found = 0;
        for (int c = 2; found < n; c++) {
            boolean prime = true;
            for (int i = 0; i < found && prime; i++) {
                prime = c % p[i] != 0;
            }
            if (prime) {
                p[found++] = c;
            }
        }
        return p;
    }

    static long sumAndMark(int mark) {
        long s = 0;
        for (int i = 1; i < PRIMES.length; i++) {
            s += PRIMES[i];
        }
        PRIMES[0] = mark;
        return s;
    }
}
