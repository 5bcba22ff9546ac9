package bigfoot.tests;

import corpus.ExpectRaces;
import java.util.ArrayList;
import java.util.List;

/** The race corpus: every program in package {@code corpus} with the expectation its {@link ExpectRaces} declares. */
final class Corpus {

    static final String PACKAGE = "corpus";

    record Program(String mainClass, Expectation expectation) {
        String simpleName() {
            return mainClass.substring(mainClass.lastIndexOf('.') + 1);
        }
    }

    private Corpus() {
    }

    static List<Program> programs() {
        List<Program> programs = new ArrayList<>();
        for (Class<?> c : MainClasses.in(PACKAGE)) {
            ExpectRaces a = c.getAnnotation(ExpectRaces.class);
            if (a == null) {
                throw new IllegalStateException(c.getName() + " has a main method but no @ExpectRaces");
            }
            programs.add(new Program(c.getName(), Expectation.of(a)));
        }
        return programs;
    }
}
