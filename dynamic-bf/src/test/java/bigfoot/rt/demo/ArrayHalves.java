package bigfoot.rt.demo;

import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;

/**
 * Two workers fill one half each of a shared array, written by hand the way StaticBF rewrites it: one
 * coalesced range check per half plus an element check per write. Main joins both, then reads the whole array.
 * With the argument {@code racy}, worker-2 also writes element 0 (worker-1's half), and main learns of
 * worker-2's end only through a plain join (no RT.join): in {@code arrays=adaptive} runs worker-2's checks are
 * then committed only by the exit report.
 */
public final class ArrayHalves {

    static final int __bf$sb;

    static {
        ThreadState ts = RT.thread();
        __bf$sb = RT.registerSites("bigfoot.rt.demo.ArrayHalves\tArrayHalves.java"
                + "\nfill\t3\t30\tw\t[]\nfill\t9\t32\tw\t[]\nmain\t20\t50\tr\t[]");
        RT.classInitialized(ArrayHalves.class, ts);
    }

    static final int N = 1000;

    static void fill(int[] a, int from, int to, boolean racy) {
        ThreadState ts = RT.thread();
        RT.writeArrayRange(a, from, to, 1, ts, __bf$sb);
        for (int i = from; i < to; i++) {
            RT.writeArray(a, i, ts, __bf$sb + 1);
            a[i] = i;
        }
        if (racy) {
            RT.writeArray(a, 0, ts, __bf$sb + 1);
            a[0] = -1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadState ts = RT.thread();
        boolean racy = args.length > 0 && args[0].equals("racy");
        int[] a = new int[N];
        Thread w1 = new Thread(() -> fill(a, 0, N / 2, false), "worker-1");
        Thread w2 = new Thread(() -> fill(a, N / 2, N, racy), "worker-2");
        RT.fork(w1, ts);
        w1.start();
        RT.fork(w2, ts);
        w2.start();
        w1.join();
        RT.join(w1, ts);
        w2.join();
        if (!racy) {
            RT.join(w2, ts);
            RT.readArrayRange(a, 0, N, 1, ts, __bf$sb + 2);
        }
        long sum = 0;
        for (int x : a) {
            sum += x;
        }
        System.out.println("sum " + sum);
    }
}
