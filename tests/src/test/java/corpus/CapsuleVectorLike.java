package corpus;

/**
 * Rhodes's dissertation, chapter 5: a {@code Vector}-like class is a capsule. Only its own methods touch its fields,
 * on {@code this}, and its synchronized methods order every activation on one object after the previous one. Two
 * threads add to one shared instance and read its size: race-free, and under {@code staticbf --capsules} no capsule
 * violation either. {@code contains} touches no field itself and only calls synchronized {@code indexOf}: the lazy
 * capsule check (at the first field access, not at entry) does not count its unsynchronized entry as a violation.
 */
@ExpectRaces({})
public class CapsuleVectorLike {

    static final class IntVector {
        private int[] elements = new int[4];
        private int size;

        synchronized void add(int value) {
            if (size == elements.length) {
                int[] grown = new int[size * 2];
                System.arraycopy(elements, 0, grown, 0, size);
                elements = grown;
            }
            elements[size++] = value;
        }

        synchronized int size() {
            return size;
        }

        synchronized int indexOf(int value) {
            for (int i = 0; i < size; i++) {
                if (elements[i] == value) {
                    return i;
                }
            }
            return -1;
        }

        boolean contains(int value) {
            return indexOf(value) >= 0;
        }
    }

    public static void main(String[] args) throws Exception {
        IntVector shared = new IntVector();
        Thread[] adders = new Thread[2];
        for (int t = 0; t < adders.length; t++) {
            int base = t * 1000;
            adders[t] = new Thread(() -> {
                for (int i = 0; i < 100; i++) {
                    shared.add(base + i);
                    shared.contains(base);
                }
            });
            adders[t].start();
        }
        for (Thread t : adders) {
            t.join();
        }
        System.out.println("size " + shared.size());
    }
}
