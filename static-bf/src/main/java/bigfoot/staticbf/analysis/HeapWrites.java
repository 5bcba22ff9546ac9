package bigfoot.staticbf.analysis;

import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Digest;
import bigfoot.staticbf.store.Encoder;
import bigfoot.staticbf.wala.MethodSummary;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import com.ibm.wala.ssa.SSAArrayLoadInstruction;
import com.ibm.wala.ssa.SSAArrayStoreInstruction;
import com.ibm.wala.ssa.SSAGetInstruction;
import com.ibm.wala.ssa.SSAInstruction;
import com.ibm.wala.ssa.SSAPutInstruction;
import com.ibm.wala.types.FieldReference;
import com.ibm.wala.types.TypeReference;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a stretch of code (or a method, {@link ModSets}) may write that a load could read (ALIAS, {@link LoopInvariants}
 * and {@link LoadAliases}): the fields it stores, by name and type (a store to any field that may be the loaded one,
 * any class, any receiver), the element types of the arrays it stores into (any reference array for a reference
 * element; or every type), and whether it may write anything at all: what its calls may write ({@link CallWrites}:
 * MOD-SET), or what the caller adds with {@link #anything()} (synchronisation, a class initialiser that may run).
 */
final class HeapWrites {

    /** What each call of one method may write. */
    interface CallWrites {
        HeapWrites of(SSAAbstractInvokeInstruction call);
    }

    private final Set<String> fields = new HashSet<>();
    private final Set<String> elements = new HashSet<>();
    private boolean everyElement;
    private boolean anything;
    private String digest;

    /** Adds what {@code insn} may write; a call, what {@code calls} says it may write. */
    void add(SSAInstruction insn, CallWrites calls) {
        if (insn instanceof SSAAbstractInvokeInstruction call) {
            addAll(calls.of(call));
        } else {
            addStore(insn);
        }
    }

    /** Adds what {@code insn} stores, if it is a field or element store. */
    void addStore(SSAInstruction insn) {
        if (insn instanceof SSAPutInstruction put) {
            fields.add(key(put.getDeclaredField()));
        } else if (insn instanceof SSAArrayStoreInstruction store) {
            elements.add(key(store.getElementType()));
        }
    }

    /** The stores of a method's own instructions ({@link MethodSummary#fieldStores}, {@link MethodSummary#elementStores}). */
    static HeapWrites stores(Set<String> fieldKeys, Set<String> elementKeys) {
        HeapWrites w = new HeapWrites();
        w.fields.addAll(fieldKeys);
        w.elements.addAll(elementKeys);
        return w;
    }

    void addAll(HeapWrites other) {
        fields.addAll(other.fields);
        elements.addAll(other.elements);
        everyElement |= other.everyElement;
        anything |= other.anything;
    }

    /** Adds the elements of arrays of {@code element} type. */
    void addElements(TypeReference element) {
        elements.add(key(element));
    }

    /** Adds the elements of every array. */
    void everyElement() {
        everyElement = true;
    }

    void anything() {
        anything = true;
    }

    /** The union of two; one of them if it covers the other. Neither is changed. */
    static HeapWrites union(HeapWrites a, HeapWrites b) {
        if (a.covers(b)) {
            return a;
        } else if (b.covers(a)) {
            return b;
        }
        HeapWrites u = new HeapWrites();
        u.addAll(a);
        u.addAll(b);
        return u;
    }

    private boolean covers(HeapWrites o) {
        return anything || !o.anything && (everyElement || !o.everyElement) && fields.containsAll(o.fields)
                && (everyElement || elements.containsAll(o.elements));
    }

    boolean writesAnything() {
        return anything;
    }

    /** True if {@code load} ({@code y.f}, {@code C.f} or {@code y[z]}) may read another value after this code. */
    boolean mayChange(SSAInstruction load) {
        if (anything) {
            return true;
        }
        return load instanceof SSAGetInstruction get ? fields.contains(key(get.getDeclaredField()))
                : everyElement || elements.contains(key(((SSAArrayLoadInstruction) load).getElementType()));
    }

    /**
     * A digest of what these writes are, equal for equal writes; computed once (a summary is never changed once made,
     * and its digest is asked at every call that reaches it).
     */
    synchronized String digest() {
        if (digest == null) {
            digest = anything ? "anything" : Digest.of("fields " + new TreeSet<>(fields), "elements "
                    + (everyElement ? "every" : new TreeSet<>(elements).toString()));
        }
        return digest;
    }

    /** Writes these writes for {@link #decode}, sorted: equal writes, equal bytes. */
    void encode(Encoder out) {
        out.writeBoolean(anything).writeBoolean(everyElement);
        writeSorted(fields, out);
        writeSorted(elements, out);
    }

    /** The writes {@link #encode} wrote. */
    static HeapWrites decode(Decoder in) throws Decoder.Malformed {
        HeapWrites w = new HeapWrites();
        w.anything = in.readBoolean();
        w.everyElement = in.readBoolean();
        readInto(w.fields, in);
        readInto(w.elements, in);
        return w;
    }

    private static void writeSorted(Set<String> keys, Encoder out) {
        out.writeInt(keys.size());
        new TreeSet<>(keys).forEach(out::writeString);
    }

    private static void readInto(Set<String> keys, Decoder in) throws Decoder.Malformed {
        for (int n = in.readInt(), k = 0; k < n; k++) {
            keys.add(in.readString());
        }
    }

    static boolean isLoad(SSAInstruction insn) {
        return insn instanceof SSAGetInstruction || insn instanceof SSAArrayLoadInstruction;
    }

    private static String key(FieldReference field) {
        return MethodSummary.fieldKey(field);
    }

    private static String key(TypeReference element) {
        return MethodSummary.elementKey(element);
    }
}
