package modern;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Records (compact constructors, indy toString/equals/hashCode), enums with fields and constant bodies, switches on enums and strings. */
public class RecordsAndEnums {

    record Point(int x, int y) {
        Point {
            if (x < 0) {
                throw new IllegalArgumentException("x < 0");
            }
        }

        Point plus(Point o) {
            return new Point(x + o.x, y + o.y);
        }
    }

    record Named<T>(String name, T value) {
    }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6) {
            @Override
            String describe() {
                return "home " + super.describe();
            }
        };

        private final double mass;
        private final double radius;

        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }

        double gravity() {
            return 6.67300E-11 * mass / (radius * radius);
        }

        String describe() {
            return name().toLowerCase() + String.format(" g=%.2f", gravity());
        }
    }

    static String classify(Planet p) {
        switch (p) {
            case MERCURY:
                return "inner";
            case EARTH:
                return "third";
            default:
                return "?";
        }
    }

    static int score(String word) {
        switch (word) {
            case "alpha":
                return 1;
            case "beta":
                return 2;
            case "Aa": // same hashCode as "BB"
                return 3;
            case "BB":
                return 4;
            default:
                return 0;
        }
    }

    public static void main(String[] args) {
        Point p = new Point(1, 2).plus(new Point(3, 4));
        System.out.println(p + " " + p.equals(new Point(4, 6)) + " " + (p.hashCode() == new Point(4, 6).hashCode()));
        Named<List<Integer>> n = new Named<>("list", new ArrayList<>(List.of(1, 2)));
        n.value().add(3);
        System.out.println(n);
        Map<Planet, String> kinds = new EnumMap<>(Planet.class);
        for (Planet planet : Planet.values()) {
            kinds.put(planet, classify(planet) + " " + planet.describe());
        }
        System.out.println(kinds);
        System.out.println(score("alpha") + score("beta") * 10 + score("Aa") * 100 + score("BB") * 1000 + score("x"));
        try {
            new Point(-1, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("rejected " + e.getMessage());
        }
    }
}
