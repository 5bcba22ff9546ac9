package bigfoot.staticbf.hierarchy;

/** A field reference resolved to the class that declares the field. */
public record ResolvedField(ClassInfo declaringClass, FieldInfo field) {

    /** {@code pkg.DeclaringClass.field}, the name sites and foreign checks use. */
    public String qualifiedName() {
        return declaringClass.dottedName() + "." + field.name();
    }
}
