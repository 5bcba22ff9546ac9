package corpus;

/**
 * Rhodes's dissertation, chapter 5, on a list shaped like h2's {@code ObjectArray}: its element array comes from a
 * private helper ({@code createArray}), another list's {@code addAll} reads it directly ({@code other.data[i]}), as
 * does another class, and {@code toArray} hands it to a static copy helper. The array stays capsule-protected through
 * all of them. One thread
 * replaces an element while another copies the list twice with no synchronisation: the race on that element must be
 * reported, and with capsules it shows as a capsule violation of {@code Pool}.
 */
@ExpectRaces(value = {"java.lang.Object[0]"}, protectedArrays = {"java.lang.Object[0] corpus.CapsuleListReadByAnother$Pool"})
public class CapsuleListReadByAnother {

    static final class Pool {
        private Object[] data;
        private int size;

        Pool() {
            data = createArray(1);
        }

        private Object[] createArray(int n) {
            return new Object[n > 1 ? n : 1];
        }

        void add(Object o) {
            if (size == data.length) {
                Object[] bigger = createArray(size * 2);
                System.arraycopy(data, 0, bigger, 0, size);
                data = bigger;
            }
            data[size++] = o;
        }

        void set(int i, Object o) {
            data[i] = o;
        }

        void addAll(Pool other) {
            for (int i = 0; i < other.size; i++) {
                add(other.data[i]);
            }
        }

        Object[] toArray(Object[] into) {
            Copies.copy(data, into, size);
            return into;
        }

        int size() {
            return size;
        }
    }

    /** Another class reading a list's element straight after its field. */
    static final class Peek {
        static Object first(Pool p) {
            return p.data[0];
        }
    }

    static final class Copies {
        static void copy(Object[] from, Object[] to, int n) {
            for (int i = 0; i < n; i++) {
                to[i] = from[i];
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Pool shared = new Pool();
        shared.add("first");
        Thread writer = new Thread(() -> shared.set(0, "replaced"));
        Thread copier = new Thread(() -> {
            Pool copy = new Pool();
            copy.addAll(shared);
            Object[] array = shared.toArray(new Object[1]);
            System.out.println("copied " + copy.size() + " and " + array.length + ", first " + Peek.first(shared));
        });
        writer.start();
        copier.start();
        writer.join();
        copier.join();
    }
}
