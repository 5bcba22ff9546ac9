package bigfoot.rt.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The JSON report's string literals. */
class JsonReportTest {

    @Test
    void jsonStringsAreEscaped() {
        assertEquals("\"a\\\"b\\\\c\\nd\\te\\r\\b\\f\\u0001\\u001f\"", JsonReport.string("a\"b\\c\nd\te\r\b\f\u0001\u001f"));
        assertEquals("\"thread \u00e9\u4e2d \ud83d\ude00 /\"", JsonReport.string("thread \u00e9\u4e2d \ud83d\ude00 /"));
        assertEquals("\"\\ud800x\\udc00\\u2028\"", JsonReport.string("\ud800x\udc00\u2028"));
        assertEquals("null", JsonReport.string(null));
    }
}
