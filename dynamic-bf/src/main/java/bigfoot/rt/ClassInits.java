package bigfoot.rt;

/** The initialisation state of every class, attached to the class itself. */
final class ClassInits {

    private final ClassValue<ClassInitState> states = new ClassValue<>() {
        @Override
        protected ClassInitState computeValue(Class<?> type) {
            return new ClassInitState();
        }
    };

    ClassInitState of(Class<?> c) {
        return states.get(c);
    }
}
