package corpus;

/**
 * Rhodes's dissertation, chapter 5, on a stack shaped like xalan's {@code IntStack}: {@code Cloneable}, but every
 * {@code clone()} copies the array through a copy constructor, so no copy shares it and the array stays
 * capsule-protected. After the stack is cloned, two threads overwrite its slot 1 with no synchronisation: the race
 * must be reported, and with capsules it shows as a capsule violation of {@code Vector}.
 */
@ExpectRaces(value = {"int[1]"}, protectedArrays = {"int[1] corpus.CapsuleDeepCopyStack$Vector"})
public class CapsuleDeepCopyStack {

    static class Vector implements Cloneable {
        int[] slots = new int[4];
        int size;

        Vector() {
        }

        Vector(Vector from) {
            slots = new int[from.slots.length];
            System.arraycopy(from.slots, 0, slots, 0, from.size);
            size = from.size;
        }

        @Override
        public Object clone() {
            return new Vector(this);
        }
    }

    static final class Stack extends Vector {
        Stack() {
        }

        void push(int v) {
            slots[size++] = v;
        }

        void put(int i, int v) {
            slots[i] = v;
        }

        @Override
        public Object clone() {
            return super.clone();
        }
    }

    public static void main(String[] args) throws Exception {
        Stack stack = new Stack();
        stack.push(1);
        stack.push(2);
        Object copy = stack.clone();
        Threads.run(() -> stack.put(1, 3), () -> stack.put(1, 4));
        System.out.println("size " + stack.size + ", copy " + copy.getClass().getSimpleName());
    }
}
