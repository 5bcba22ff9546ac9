package demo;

public class Counter {
    private int count;

    public void increment() {
        count++; // @race
    }

    public int count() {
        return count;
    }
}
