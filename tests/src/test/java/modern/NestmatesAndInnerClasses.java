package modern;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** Inner, static nested, local and anonymous classes touching each other's private members (nestmates, no accessors). */
public class NestmatesAndInnerClasses {
    private int secret = 41;
    private static String tag = "tag";

    private int bump() {
        return ++secret;
    }

    class Inner {
        private int own = 1;

        int peek() {
            return secret + own + bump();
        }
    }

    static class Nested {
        private long hidden = 5;

        String show(NestmatesAndInnerClasses outer) {
            return tag + ":" + outer.secret + ":" + hidden;
        }
    }

    Iterable<Integer> countdown(int from) {
        class Countdown implements Iterator<Integer> {
            private int next = from;

            @Override
            public boolean hasNext() {
                return next > 0;
            }

            @Override
            public Integer next() {
                if (next <= 0) {
                    throw new NoSuchElementException();
                }
                secret++;
                return next--;
            }
        }
        return Countdown::new;
    }

    public static void main(String[] args) {
        NestmatesAndInnerClasses outer = new NestmatesAndInnerClasses();
        Inner inner = outer.new Inner();
        inner.own = 10;
        System.out.println(inner.peek() + " " + new Nested().show(outer));
        Nested nested = new Nested();
        nested.hidden *= 3;
        StringBuilder sb = new StringBuilder();
        for (int i : outer.countdown(3)) {
            sb.append(i).append(',');
        }
        Runnable anon = new Runnable() {
            private int runs;

            @Override
            public void run() {
                runs++;
                tag = tag + runs;
                outer.secret += runs;
            }
        };
        anon.run();
        anon.run();
        System.out.println(sb + " " + outer.secret + " " + tag + " " + nested.hidden);
    }
}
