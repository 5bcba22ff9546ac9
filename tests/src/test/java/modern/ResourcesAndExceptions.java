package modern;

import java.util.ArrayList;
import java.util.List;

/** try-with-resources with suppressed exceptions, synchronized blocks left by exceptions, switch expressions, text blocks, instanceof patterns. */
public class ResourcesAndExceptions {
    private static final List<String> EVENTS = new ArrayList<>();
    private final Object lock = new Object();
    private int guarded;

    static final class Resource implements AutoCloseable {
        private final String name;
        private final boolean failOnClose;

        Resource(String name, boolean failOnClose) {
            this.name = name;
            this.failOnClose = failOnClose;
            EVENTS.add("open " + name);
        }

        @Override
        public void close() {
            EVENTS.add("close " + name);
            if (failOnClose) {
                throw new IllegalStateException("close " + name);
            }
        }
    }

    int guardedStep(int i) {
        synchronized (lock) {
            guarded += i;
            if (i % 2 == 1) {
                throw new ArithmeticException("odd " + i);
            }
            return guarded;
        }
    }

    static String kind(Object o) {
        return switch (o instanceof Integer i ? i % 3 : -1) {
            case 0 -> "fizz";
            case 1, 2 -> {
                String s = "int";
                yield s + o;
            }
            default -> o instanceof String s && !s.isEmpty() ? "str " + s.length() : "other";
        };
    }

    public static void main(String[] args) {
        try (Resource a = new Resource("a", false); Resource b = new Resource("b", true)) {
            EVENTS.add("body");
            throw new UnsupportedOperationException("body failed");
        } catch (UnsupportedOperationException e) {
            EVENTS.add("caught " + e.getMessage() + " suppressed " + e.getSuppressed().length);
        } finally {
            EVENTS.add("finally");
        }
        System.out.println(EVENTS);
        ResourcesAndExceptions r = new ResourcesAndExceptions();
        int caught = 0;
        for (int i = 0; i < 6; i++) {
            try {
                r.guardedStep(i);
            } catch (ArithmeticException | IllegalStateException e) {
                caught++;
            }
        }
        System.out.println("guarded " + r.guarded + " caught " + caught);
        String text = """
                Dear %s,
                  the answer is %d.
                """.formatted("reader", 42);
        System.out.print(text);
        System.out.println(kind(3) + " " + kind(4) + " " + kind("hey") + " " + kind(2.0));
    }
}
