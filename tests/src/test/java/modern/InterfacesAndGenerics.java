package modern;

import java.util.ArrayList;
import java.util.List;

/** Interfaces with default, static and private methods; generic classes with bridge methods; varargs; sealed types. */
public class InterfacesAndGenerics {

    interface Shape {
        double area();

        default String label() {
            return name() + "(" + format(area()) + ")";
        }

        private String name() {
            return getClass().getSimpleName().toLowerCase();
        }

        static String format(double v) {
            return String.format("%.1f", v);
        }
    }

    sealed interface Expr permits Num, Add {
    }

    record Num(int v) implements Expr {
    }

    record Add(Expr l, Expr r) implements Expr {
    }

    static int eval(Expr e) {
        if (e instanceof Num n) {
            return n.v();
        }
        Add a = (Add) e;
        return eval(a.l()) + eval(a.r());
    }

    static final class Square implements Shape, Comparable<Square> {
        final double side;

        Square(double side) {
            this.side = side;
        }

        @Override
        public double area() {
            return side * side;
        }

        @Override
        public int compareTo(Square o) { // a bridge method compareTo(Object) is generated
            return Double.compare(side, o.side);
        }
    }

    static class Box<T extends Comparable<T>> {
        private final List<T> items = new ArrayList<>();

        @SafeVarargs
        final Box<T> add(T... more) {
            for (T t : more) {
                items.add(t);
            }
            return this;
        }

        T max() {
            T best = items.get(0);
            for (T t : items) {
                if (t.compareTo(best) > 0) {
                    best = t;
                }
            }
            return best;
        }
    }

    static int sum(int... values) {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    public static void main(String[] args) {
        Box<Square> box = new Box<Square>().add(new Square(2), new Square(3.5), new Square(1));
        System.out.println(box.max().label() + " " + Shape.format(box.max().side));
        Box<String> words = new Box<String>().add("kiwi", "apple", "zucchini");
        System.out.println(words.max() + " " + sum() + " " + sum(1, 2, 3) + " " + eval(new Add(new Num(2), new Add(new Num(3), new Num(4)))));
    }
}
