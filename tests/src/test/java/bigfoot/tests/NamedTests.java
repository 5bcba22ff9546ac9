package bigfoot.tests;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;
import org.opentest4j.AssertionFailedError;

/** Dynamic tests whose failure messages start with the test's name (console summaries only number them). */
final class NamedTests {

    private NamedTests() {
    }

    static DynamicTest of(String name, Executable body) {
        return DynamicTest.dynamicTest(name, () -> {
            try {
                body.execute();
            } catch (AssertionFailedError e) {
                throw new AssertionFailedError(name + ": " + e.getMessage(), e);
            }
        });
    }
}
