package bigfoot.staticbf.analysis;

import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.MethodPlan.Bounds;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.placement.MethodPlan.Source;
import bigfoot.staticbf.placement.MethodPlan.Stash;
import bigfoot.staticbf.store.Decoder;
import bigfoot.staticbf.store.Encoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link MethodPlan} in the {@link MethodCache}: every map and set in the order the plan iterates it. */
final class PlanCodec implements ResultCodec<MethodPlan> {

    static final PlanCodec INSTANCE = new PlanCodec();

    private static final int CONSTANT = 0;
    private static final int PARAMETER = 1;
    private static final int DEFINED = 2;
    private static final int TESTED = 3;
    private static final int COUNTED = 4;

    private PlanCodec() {
    }

    /** Writes one of the plan's maps whose values {@code values} writes. */
    private interface ValueWriter<V> {
        void write(V value, Encoder out);
    }

    private interface ValueReader<V> {
        V read(Decoder in) throws Decoder.Malformed;
    }

    @Override
    public void write(MethodPlan plan, Encoder out) {
        ResultCodec.writeInts(plan.unchecked(), out);
        writeMap(plan.before(), PlanCodec::writeChecks, out);
        writeMap(plan.edges(), (targets, o) -> writeMap(targets, PlanCodec::writeChecks, o), out);
        writeMap(plan.onThrow(), PlanCodec::writeChecks, out);
        writeMap(plan.onCatch(), PlanCodec::writeChecks, out);
        writeMap(plan.stashes(), (s, o) -> {
            o.writeInt(s.object());
            o.writeInt(s.index());
        }, out);
        ResultCodec.writeInts(plan.classJoins(), out);
        writeMap(plan.sources(), PlanCodec::writeSource, out);
        out.writeInt(plan.thisValue());
    }

    @Override
    public MethodPlan read(Decoder in) throws Decoder.Malformed {
        return new MethodPlan(ResultCodec.readInts(in), readMap(in, PlanCodec::readChecks),
                readMap(in, i -> readMap(i, PlanCodec::readChecks)), readMap(in, PlanCodec::readChecks),
                readMap(in, PlanCodec::readChecks), readMap(in, i -> new Stash(i.readInt(), i.readInt())),
                ResultCodec.readInts(in), readMap(in, PlanCodec::readSource), in.readInt());
    }

    private static <V> void writeMap(Map<Integer, V> map, ValueWriter<V> values, Encoder out) {
        out.writeInt(map.size());
        for (Map.Entry<Integer, V> e : map.entrySet()) {
            out.writeInt(e.getKey());
            values.write(e.getValue(), out);
        }
    }

    private static <V> Map<Integer, V> readMap(Decoder in, ValueReader<V> values) throws Decoder.Malformed {
        int n = in.readInt();
        Map<Integer, V> map = new LinkedHashMap<>();
        for (int k = 0; k < n; k++) {
            int key = in.readInt();
            map.put(key, values.read(in));
        }
        return map;
    }

    private static void writeChecks(List<PlannedCheck> checks, Encoder out) {
        out.writeInt(checks.size());
        for (PlannedCheck c : checks) {
            out.writeInt(c.access());
            out.writeBoolean(c.write());
            out.writeInt(c.object());
            out.writeInt(c.index());
            writeBounds(c.range(), out);
            writeBounds(c.ranIf(), out);
        }
    }

    private static List<PlannedCheck> readChecks(Decoder in) throws Decoder.Malformed {
        int n = in.readInt();
        List<PlannedCheck> checks = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            checks.add(new PlannedCheck(in.readInt(), in.readBoolean(), in.readInt(), in.readInt(), readBounds(in),
                    readBounds(in)));
        }
        return List.copyOf(checks);
    }

    private static void writeBounds(Bounds b, Encoder out) {
        out.writeBoolean(b != null);
        if (b != null) {
            for (int v : new int[] {b.begin(), b.end(), b.offset(), b.endOffset(), b.stride(), b.scale()}) {
                out.writeInt(v);
            }
        }
    }

    private static Bounds readBounds(Decoder in) throws Decoder.Malformed {
        return in.readBoolean()
                ? new Bounds(in.readInt(), in.readInt(), in.readInt(), in.readInt(), in.readInt(), in.readInt()) : null;
    }

    private static void writeSource(Source source, Encoder out) {
        if (source instanceof Source.Constant c) {
            ints(out, CONSTANT, c.value());
        } else if (source instanceof Source.Parameter p) {
            ints(out, PARAMETER, p.slot());
        } else if (source instanceof Source.Defined d) {
            ints(out, DEFINED, d.bci());
        } else if (source instanceof Source.Tested t) {
            ints(out, TESTED, t.bci(), t.operand());
        } else {
            Source.Counted c = (Source.Counted) source;
            ints(out, COUNTED, c.tested(), c.testedInit(), c.testedStep(), c.init(), c.step());
        }
    }

    private static Source readSource(Decoder in) throws Decoder.Malformed {
        int kind = in.readInt();
        return switch (kind) {
            case CONSTANT -> new Source.Constant(in.readInt());
            case PARAMETER -> new Source.Parameter(in.readInt());
            case DEFINED -> new Source.Defined(in.readInt());
            case TESTED -> new Source.Tested(in.readInt(), in.readInt());
            case COUNTED -> new Source.Counted(in.readInt(), in.readInt(), in.readInt(), in.readInt(), in.readInt());
            default -> throw new Decoder.Malformed("unknown source kind " + kind);
        };
    }

    private static void ints(Encoder out, int... values) {
        for (int v : values) {
            out.writeInt(v);
        }
    }
}
