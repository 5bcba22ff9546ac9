package corpus;

/** Inner-class instances write the outer's private field and a shared static-nested cell. */
@ExpectRaces({"corpus.InnerClassRace.total", "corpus.InnerClassRace$Cell.value"})
public class InnerClassRace {
    private long total;

    static class Cell {
        int value;
    }

    class Worker implements Runnable {
        private final Cell cell;
        private final int amount;

        Worker(Cell cell, int amount) {
            this.cell = cell;
            this.amount = amount;
        }

        @Override
        public void run() {
            total += amount;
            cell.value = amount;
        }
    }

    public static void main(String[] args) throws Exception {
        InnerClassRace outer = new InnerClassRace();
        Cell cell = new Cell();
        Threads.run(outer.new Worker(cell, 1), outer.new Worker(cell, 2));
        System.out.println("total " + outer.total + " cell " + cell.value);
    }
}
