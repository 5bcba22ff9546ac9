package bigfoot.rt.report;

import bigfoot.ir.Site;

/**
 * The variable a race is on, as reported: {@code type} is "field", "static" or "array"; for fields
 * {@code className}/{@code field} and a null index; for arrays the array's type name ({@code int[]})
 * as className, a null field and the element index.
 */
public record Target(String type, String className, String field, Integer index) {

    private static final String UNKNOWN = "?";

    /** A field target from a site whose target is {@code pkg.Class.field}. */
    public static Target ofField(String type, Site site) {
        return site == null ? new Target(type, UNKNOWN, UNKNOWN, null) : ofField(type, site.target());
    }

    /** The field target {@code pkg.Class.field} (a field of an unknown class if not qualified). */
    public static Target ofField(String type, String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? new Target(type, UNKNOWN, qualified, null)
                : new Target(type, qualified.substring(0, dot), qualified.substring(dot + 1), null);
    }

    /** {@code field demo.Counter.count}, {@code static field demo.Counter.total}, {@code array int[] index 3}. */
    public String describe() {
        switch (type) {
            case "array":
                return "array " + className + " index " + index;
            case "static":
                return "static field " + className + "." + field;
            default:
                return "field " + className + "." + field;
        }
    }
}
