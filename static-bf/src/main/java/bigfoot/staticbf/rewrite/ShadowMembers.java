package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.FieldInfo;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;

/**
 * The members a rewritten class gets: the site base {@code __bf$sb}, a VarState per non-final field
 * ({@code __bf$s$f}), two shadow words per non-volatile instance field ({@code __bf$w$f}, {@code __bf$r$f}) and a
 * {@code FieldShadow} per instance field ({@code __bf$u$f}); a capsule class ({@code --capsules}), whose own fields
 * have none of these, the same members for its capsule location ({@code __bf$s$$capsule} ...: all its own fields as
 * one); the root of a hierarchy whose objects carry a local bit ({@code --elide dynamic-escape}) the bit
 * {@code __bf$local}; and the start of {@code <clinit>} that sets the static ones.
 */
final class ShadowMembers {

    /** A constant string may hold 65535 bytes of modified UTF-8; larger tables are split into chunks. */
    static final int MAX_CHUNK_UTF8_BYTES = 60_000;

    private static final int VISIBILITY = Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED | Opcodes.ACC_PRIVATE;
    private static final String UPDATER_FACTORY_DESC =
            "(Ljava/lang/Class;Ljava/lang/Class;Ljava/lang/String;)" + ShadowPolicy.UPDATER_DESC;
    private static final String LONG_UPDATER_FACTORY_DESC =
            "(Ljava/lang/Class;Ljava/lang/String;)" + ShadowPolicy.LONG_UPDATER_DESC;

    private ShadowMembers() {
    }

    /**
     * Adds the fields. A shadow has its field's visibility, so any code that may access the field may
     * access the shadow (a private field's is package-private in a class with field accessors: its nest checks
     * the accesses at the accessors' calls, {@link FieldAccesses#instrumentAccessorCall}); instance shadows and words are volatile (the updaters need it) and transient (never
     * serialised: a deserialised object starts fresh), all are synthetic. A field sharing its proxy group's shadow gets a marker naming the group's
     * field instead ({@link ShadowPolicy}), for later runs that rewrite code using this class.
     */
    static void addFields(ClassNode node, List<FieldInfo> shadowed, List<String> proxyMarkers, boolean hasAccessors,
            boolean capsule, boolean escapeMarker, boolean bitRoot) {
        boolean isInterface = (node.access & Opcodes.ACC_INTERFACE) != 0;
        int siteBaseAccess = (isInterface ? Opcodes.ACC_PUBLIC : Opcodes.ACC_PRIVATE)
                | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC;
        node.fields.add(new FieldNode(siteBaseAccess, RuntimeApi.SITE_BASE_FIELD, "I", null, null));
        if (escapeMarker) { // --elide dynamic-escape: the runtime tells code that escapes what it hands on by this
            node.fields.add(new FieldNode(siteBaseAccess, RuntimeApi.ESCAPE_MARKER_FIELD, "I", null, 1));
        }
        if (bitRoot) { // public: every class that checks a field of the hierarchy reads it (--elide dynamic-escape)
            node.fields.add(new FieldNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC,
                    RuntimeApi.LOCAL_BIT_FIELD, "I", null, null));
        }
        if (capsule) {
            // protected: a subclass's methods that touch the capsule's fields check it too
            addInstanceShadow(node, RuntimeApi.CAPSULE_LOCATION, Opcodes.ACC_PROTECTED, true);
        }
        for (FieldInfo f : shadowed) {
            int visibility = f.access() & VISIBILITY;
            if (visibility == Opcodes.ACC_PRIVATE && hasAccessors) {
                visibility = 0;
            }
            String shadow = RuntimeApi.shadowField(f.name());
            if (f.isStatic()) {
                node.fields.add(new FieldNode(visibility | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                        shadow, ShadowPolicy.VAR_STATE_DESC, null, null));
            } else {
                addInstanceShadow(node, f.name(), visibility, !f.isVolatile());
            }
        }
        for (String marker : proxyMarkers) {
            node.fields.add(new FieldNode(siteBaseAccess, marker, "I", null, 0));
        }
    }

    /** The VarState, the two words (unless {@code words} is false: a volatile field) and the FieldShadow of a location. */
    private static void addInstanceShadow(ClassNode node, String name, int visibility, boolean words) {
        int instance = visibility | Opcodes.ACC_VOLATILE | Opcodes.ACC_TRANSIENT | Opcodes.ACC_SYNTHETIC;
        node.fields.add(new FieldNode(instance, RuntimeApi.shadowField(name), ShadowPolicy.VAR_STATE_DESC, null, null));
        if (words) {
            node.fields.add(new FieldNode(instance, RuntimeApi.writeWordField(name), "J", null, null));
            node.fields.add(new FieldNode(instance, RuntimeApi.readWordField(name), "J", null, null));
        }
        node.fields.add(new FieldNode(visibility | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC,
                RuntimeApi.updaterField(name), ShadowPolicy.FIELD_SHADOW_DESC, null, null));
    }

    /**
     * The first code of {@code <clinit>}: with {@code --verify-placement} {@code RT.verifyPlacement()}; then
     * {@code __bf$sb = RT.registerSites(table)}, then
     * {@code __bf$s$f = RT.staticShadow(C.class)} per static shadow and
     * {@code __bf$u$f = RT.fieldShadow(AtomicLongFieldUpdater.newUpdater(C.class, "__bf$w$f"), .. "__bf$r$f"),
     * AtomicReferenceFieldUpdater.newUpdater(C.class, VarState.class, "__bf$s$f"))} per instance shadow (null, null
     * for the words of a volatile field); in a capsule class first {@code __bf$u$$capsule = RT.capsuleShadow(..the
     * three updaters of its location.., C.class)}. Nothing of the original class runs before these are set.
     */
    static Code clinitPrologue(String className, String siteTable, List<FieldInfo> shadowed, boolean capsule,
            boolean verifyPlacement) {
        Code code = verifyPlacement ? new Code().call(RuntimeApi.VERIFY_PLACEMENT) : new Code();
        code.append(pushString(siteTable)).call(RuntimeApi.REGISTER_SITES)
                .field(Opcodes.PUTSTATIC, className, RuntimeApi.SITE_BASE_FIELD, "I");
        Type owner = Type.getObjectType(className);
        if (capsule) {
            String location = RuntimeApi.CAPSULE_LOCATION;
            code.append(longUpdater(owner, RuntimeApi.writeWordField(location)))
                .append(longUpdater(owner, RuntimeApi.readWordField(location)))
                .append(stateUpdater(owner, RuntimeApi.shadowField(location))).ldc(owner).call(RuntimeApi.CAPSULE_SHADOW_OF)
                .field(Opcodes.PUTSTATIC, className, RuntimeApi.updaterField(location), ShadowPolicy.FIELD_SHADOW_DESC);
        }
        for (FieldInfo f : shadowed) {
            String shadow = RuntimeApi.shadowField(f.name());
            if (f.isStatic()) {
                code.ldc(owner).call(RuntimeApi.STATIC_SHADOW)
                    .field(Opcodes.PUTSTATIC, className, shadow, ShadowPolicy.VAR_STATE_DESC);
            } else {
                if (f.isVolatile()) {
                    code.op(Opcodes.ACONST_NULL).op(Opcodes.ACONST_NULL);
                } else {
                    code.append(longUpdater(owner, RuntimeApi.writeWordField(f.name())))
                        .append(longUpdater(owner, RuntimeApi.readWordField(f.name())));
                }
                code.append(stateUpdater(owner, shadow)).call(RuntimeApi.FIELD_SHADOW_OF)
                    .field(Opcodes.PUTSTATIC, className, RuntimeApi.updaterField(f.name()), ShadowPolicy.FIELD_SHADOW_DESC);
            }
        }
        return code;
    }

    private static Code stateUpdater(Type owner, String shadow) {
        return new Code().ldc(owner).ldc(Type.getObjectType(RuntimeApi.VAR_STATE)).ldc(shadow)
                .invoke(Opcodes.INVOKESTATIC, RuntimeApi.UPDATER, "newUpdater", UPDATER_FACTORY_DESC, false);
    }

    private static Code longUpdater(Type owner, String word) {
        return new Code().ldc(owner).ldc(word)
                .invoke(Opcodes.INVOKESTATIC, RuntimeApi.LONG_UPDATER, "newUpdater", LONG_UPDATER_FACTORY_DESC, false);
    }

    /** {@code ldc s}, or {@code ldc chunk0; ldc chunk1; String.concat; ...} when s is too long for one constant. */
    static Code pushString(String s) {
        List<String> chunks = chunks(s);
        Code code = new Code().ldc(chunks.get(0));
        for (String chunk : chunks.subList(1, chunks.size())) {
            code.ldc(chunk).invoke(Opcodes.INVOKEVIRTUAL, "java/lang/String", "concat",
                    "(Ljava/lang/String;)Ljava/lang/String;", false);
        }
        return code;
    }

    /** Splits s into pieces of at most {@link #MAX_CHUNK_UTF8_BYTES} bytes of modified UTF-8 each. */
    static List<String> chunks(String s) {
        List<String> chunks = new ArrayList<>();
        int start = 0;
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int n = c >= 0x01 && c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3; // modified UTF-8: NUL takes 2 bytes
            if (bytes + n > MAX_CHUNK_UTF8_BYTES) {
                chunks.add(s.substring(start, i));
                start = i;
                bytes = 0;
            }
            bytes += n;
        }
        chunks.add(s.substring(start));
        return chunks;
    }
}
