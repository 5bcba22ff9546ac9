package bigfoot.rt.demo;

import bigfoot.rt.RT;
import bigfoot.rt.ThreadState;
import java.util.concurrent.CountDownLatch;

/**
 * Two workers fill one half each of a shared array, written by hand the way StaticBF rewrites it: one
 * coalesced range check per half plus an element check per write. Main joins both, then reads the whole array.
 * With the argument {@code racy}, worker-2 also writes element 0 (worker-1's half), once worker-1 has filled its
 * half (a latch the detector does not see, so the two writes stay unordered: one race, whichever way the threads are
 * scheduled; without it, worker-1's own write of element 0 could come after worker-2's and race with it too), and
 * main learns of worker-2's end only through a plain join (no RT.join): in {@code arrays=adaptive} runs worker-2's
 * checks are then committed only by the exit report.
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

    static void fill(int[] a, int from, int to, CountDownLatch racyAfter) throws InterruptedException {
        ThreadState ts = RT.thread();
        RT.writeArrayRange(a, from, to, 1, ts, __bf$sb);
        for (int i = from; i < to; i++) {
            RT.writeArray(a, i, ts, __bf$sb + 1);
            a[i] = i;
        }
        if (racyAfter != null) {
            racyAfter.await();
            RT.writeArray(a, 0, ts, __bf$sb + 1);
            a[0] = -1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ThreadState ts = RT.thread();
        boolean racy = args.length > 0 && args[0].equals("racy");
        int[] a = new int[N];
        CountDownLatch filled = new CountDownLatch(1);
        Thread w1 = new Thread(() -> {
            fillQuietly(a, 0, N / 2, null);
            filled.countDown();
        }, "worker-1");
        Thread w2 = new Thread(() -> fillQuietly(a, N / 2, N, racy ? filled : null), "worker-2");
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

    private static void fillQuietly(int[] a, int from, int to, CountDownLatch racyAfter) {
        try {
            fill(a, from, to, racyAfter);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
