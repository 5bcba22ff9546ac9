package corpus;

import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.PriorityBlockingQueue;

/**
 * A producer adds elements it has just built to a ConcurrentSkipListSet, to a ConcurrentHashMap's key set and to a
 * PriorityBlockingQueue. A consumer waits until each set contains an equal element of its own, then takes every
 * element from the queue. The sets call the elements' {@code compareTo} and {@code equals}, and the queue orders its
 * elements by {@code compareTo} when one is taken, on the producer's elements inside the consumer's calls: the
 * collections order those reads after the insertions (java.util.concurrent's memory consistency). Nothing races.
 */
@ExpectRaces({})
public class SetElementsCompared {

    static final int ELEMENTS = 32;

    public static void main(String[] args) throws Exception {
        Set<Item> sorted = new ConcurrentSkipListSet<>();
        Set<Item> hashed = ConcurrentHashMap.newKeySet();
        BlockingQueue<Item> queue = new PriorityBlockingQueue<>();
        long[] taken = new long[1];
        Threads.run(() -> {
            for (int i = 0; i < ELEMENTS; i++) {
                sorted.add(new Item(i));
                hashed.add(new Item(i));
                queue.add(new Item(ELEMENTS - i));
            }
        }, () -> {
            for (int i = 0; i < ELEMENTS; i++) {
                Item probe = new Item(i);
                while (!sorted.contains(probe) || !hashed.contains(probe)) {
                    Thread.onSpinWait();
                }
            }
            long sum = 0;
            for (int i = 0; i < ELEMENTS; i++) {
                try {
                    sum += queue.take().rank;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            taken[0] = sum;
        });
        System.out.println("taken " + taken[0]);
    }

    /** An element whose equality and order read its field, written by the thread that builds it. */
    static final class Item implements Comparable<Item> {
        int rank;

        Item(int rank) {
            this.rank = rank;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Item item && item.rank == rank;
        }

        @Override
        public int hashCode() {
            return rank / 4;
        }

        @Override
        public int compareTo(Item other) {
            return Integer.compare(rank, other.rank);
        }
    }
}
