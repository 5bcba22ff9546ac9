package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.placement.MethodPlan;
import bigfoot.staticbf.placement.MethodPlan.PlannedCheck;
import bigfoot.staticbf.placement.MethodPlan.Source;
import bigfoot.staticbf.placement.MethodPlan.Stash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The checks a {@link MethodPlan} moves away from their accesses: at the accesses, stores of the values the
 * checks will need (receivers, arrays, indices) into locals of their own; at the planned positions, the checks,
 * each naming the site of an access of the same location and kind. {@code this} is read from local 0 when the
 * method never overwrites it.
 */
final class DeferredChecks {

    private final MethodContext ctx;
    private final MethodPlan plan;
    private final boolean thisInLocal0;
    /** Instructions whose exception would leave the method owing checks, with those checks. */
    private final Map<AbstractInsnNode, List<PlannedCheck>> owedOnThrow = new LinkedHashMap<>();
    /** Instructions whose exception, caught by a handler of the method, owes checks on the way to it. */
    private final Map<AbstractInsnNode, List<PlannedCheck>> owedOnCatch = new LinkedHashMap<>();
    /** Edges that need a stub of their own (a conditional jump's taken edge, a switch case). */
    private final List<Stub> stubs = new ArrayList<>();

    private DeferredChecks(MethodContext ctx, MethodPlan plan) {
        this.ctx = ctx;
        this.plan = plan;
        this.thisInLocal0 = plan.thisValue() > 0 && !FreshThis.storesLocal0(ctx.method);
    }

    /** The deferred checks of the method, if its placement moves any. */
    static Optional<DeferredChecks> of(MethodContext ctx) {
        return ctx.plan().map(p -> new DeferredChecks(ctx, p));
    }

    /** Before an original instruction: its planned checks, the edge checks that must precede it, stashes. */
    void before(AbstractInsnNode insn, int bci) {
        emit(insn, plan.before().get(bci), true);
        keepTested(insn, bci); // before the edge checks, which may need it
        Map<Integer, List<PlannedCheck>> edges = plan.edges().get(bci);
        if (edges != null && transfersControl(insn)) {
            edges.forEach((target, checks) -> edgeBefore(insn, target, checks));
        }
        List<PlannedCheck> owed = plan.onThrow().get(bci);
        if (owed != null && !owed.isEmpty()) {
            owedOnThrow.put(insn, owed);
        }
        List<PlannedCheck> caught = plan.onCatch().get(bci);
        if (caught != null && !caught.isEmpty()) {
            owedOnCatch.put(insn, caught);
        }
        Stash stash = plan.stashes().get(bci);
        if (stash != null) {
            ctx.insertBefore(insn, stash(insn, stash));
        }
        if (plan.classJoins().contains(bci) && insn instanceof FieldInsnNode field) {
            // the class-init join its own check would have made, made here since the check is deferred
            FieldTarget.of(ctx.cls, field).filter(FieldTarget::shadowed).ifPresent(target -> ctx.insertBefore(insn,
                    FieldAccesses.staticCall(ctx, field, target, RuntimeApi.CLASS_ACCESS, new Code())));
        }
    }

    /** After an original instruction: the checks of the edge that leaves it by falling through. */
    void after(AbstractInsnNode insn, int bci) {
        Map<Integer, List<PlannedCheck>> edges = plan.edges().get(bci);
        if (edges != null) {
            Integer next = nextBci(insn.getNext());
            edges.forEach((target, checks) -> {
                boolean conditional = insn instanceof JumpInsnNode jump && jump.getOpcode() != Opcodes.GOTO;
                if (!transfersControl(insn) || conditional && target.equals(next) && !target.equals(jumpTarget(insn))) {
                    emit(insn, checks, false); // only the fall-through path runs code right after the instruction
                }
            });
        }
        plan.sources().forEach((value, src) -> {
            if (src instanceof Source.Defined d && d.bci() == bci) { // inserted last, so it runs first after insn
                int slot = ctx.valueSlot(value, false);
                ctx.insertAfter(insn, insn instanceof IincInsnNode iinc ? new Code().load(Type.INT_TYPE, iinc.var)
                        .store(Type.INT_TYPE, slot) : new Code().op(Opcodes.DUP).store(Type.INT_TYPE, slot));
            }
        });
    }

    /** Keeps the phi a conditional branch tests, if a range check needs it: {@code [dup2; pop |] dup; istore}. */
    private void keepTested(AbstractInsnNode insn, int bci) {
        plan.sources().forEach((value, src) -> {
            if (src instanceof Source.Tested t && t.bci() == bci) {
                boolean twoOperands = insn.getOpcode() >= Opcodes.IF_ICMPEQ && insn.getOpcode() <= Opcodes.IF_ICMPLE;
                Code keep = twoOperands && t.operand() == 0 ? new Code().op(Opcodes.DUP2).op(Opcodes.POP)
                        : new Code().op(Opcodes.DUP);
                ctx.insertBefore(insn, keep.store(Type.INT_TYPE, ctx.valueSlot(value, false)));
            }
        });
    }

    /** Pushes an int value a range check needs (times {@code scale}, plus {@code offset}), from where the plan says it is. */
    private Code loadInt(int value, int scale, int offset) {
        Source src = plan.sources().get(value);
        if (src instanceof Source.Constant c) {
            return new Code().push(scale * c.value() + offset);
        }
        Code code = src instanceof Source.Parameter p ? new Code().load(Type.INT_TYPE, p.slot())
                : src instanceof Source.Counted c ? counted(c)
                : new Code().load(Type.INT_TYPE, ctx.valueSlot(value, false));
        if (scale != 1) {
            code.push(scale).op(Opcodes.IMUL);
        }
        return offset == 0 ? code : code.push(offset).op(Opcodes.IADD);
    }

    /**
     * Pushes {@code init + (tested - testedInit) / testedStep * step} ({@code tested - testedInit} is a multiple of
     * {@code testedStep}: the division is exact, and left out with the multiplication when both steps are equal).
     */
    private Code counted(Source.Counted c) {
        Code code = loadInt(c.init(), 1, 0).append(loadInt(c.tested(), 1, 0)).append(loadInt(c.testedInit(), 1, 0))
                .op(Opcodes.ISUB);
        if (c.testedStep() != c.step() && c.testedStep() != 1) {
            code.push(c.testedStep()).op(Opcodes.IDIV);
        }
        if (c.testedStep() != c.step() && c.step() != 1) {
            code.push(c.step()).op(Opcodes.IMUL);
        }
        return code.op(Opcodes.IADD);
    }

    /**
     * The checks of an edge out of a jump or switch: before a goto; for a conditional jump's taken edge or a
     * switch case, in a stub the jump is redirected to ({@code stub: checks; goto target}); an edge both ways
     * (or one the code does not show) before the instruction, which is precise too, only earlier.
     */
    private void edgeBefore(AbstractInsnNode insn, int target, List<PlannedCheck> checks) {
        if (insn.getOpcode() == Opcodes.GOTO) {
            emit(insn, checks, true);
            return;
        }
        Integer next = nextBci(insn.getNext());
        boolean taken = insn instanceof JumpInsnNode ? Integer.valueOf(target).equals(jumpTarget(insn))
                : switchTargets(insn).stream().anyMatch(l -> Integer.valueOf(target).equals(nextBci(l)));
        boolean fallsThrough = insn instanceof JumpInsnNode && Integer.valueOf(target).equals(next);
        if (taken && !fallsThrough) {
            stubs.add(new Stub(insn, target, checks));
        } else if (taken || !fallsThrough) {
            emit(insn, checks, true);
        } // else only the fall-through edge: after()
    }

    /** A redirected edge: the jump or switch {@code insn}'s labels that lead to {@code target} go through checks. */
    private record Stub(AbstractInsnNode insn, int target, List<PlannedCheck> checks) {
    }

    /** Appends the stubs of redirected edges and points their jumps at them. Call once every instruction is done. */
    void addEdgeStubs() {
        for (Stub stub : stubs) {
            LabelNode entry = new LabelNode();
            LabelNode original = null;
            if (stub.insn() instanceof JumpInsnNode jump) {
                original = jump.label;
                jump.label = entry;
            } else {
                for (LabelNode l : switchTargets(stub.insn())) {
                    if (Integer.valueOf(stub.target()).equals(nextBci(l))) {
                        original = l;
                    }
                }
                retarget(stub.insn(), original, entry);
            }
            ctx.append(new Code().label(entry).append(checks(stub.checks(), false, stub.insn())).jump(Opcodes.GOTO,
                    original));
        }
    }

    private static void retarget(AbstractInsnNode insn, LabelNode from, LabelNode to) {
        if (insn instanceof TableSwitchInsnNode t) {
            t.labels.replaceAll(l -> l == from ? to : l);
            t.dflt = t.dflt == from ? to : t.dflt;
        } else if (insn instanceof LookupSwitchInsnNode l) {
            l.labels.replaceAll(x -> x == from ? to : x);
            l.dflt = l.dflt == from ? to : l.dflt;
        }
    }

    private static List<LabelNode> switchTargets(AbstractInsnNode insn) {
        List<LabelNode> labels = new ArrayList<>();
        if (insn instanceof TableSwitchInsnNode t) {
            labels.addAll(t.labels);
            labels.add(t.dflt);
        } else if (insn instanceof LookupSwitchInsnNode l) {
            labels.addAll(l.labels);
            labels.add(l.dflt);
        }
        return labels;
    }

    private Integer jumpTarget(AbstractInsnNode insn) {
        return insn instanceof JumpInsnNode jump ? nextBci(jump.label) : null;
    }

    /** The original bytecode index of the first original instruction at or after {@code node}. */
    private Integer nextBci(AbstractInsnNode node) {
        for (AbstractInsnNode n = node; n != null; n = n.getNext()) {
            Integer bci = ctx.bytecodeIndex(n);
            if (bci != null) {
                return bci;
            }
        }
        return null;
    }

    /**
     * CATCH STUB: for each instruction whose exception, caught by a handler of the method, owes checks, and each
     * exception-table entry of the method covering it, an entry covering exactly the instruction with the same type,
     * placed right before that entry (so it is found first for the same exceptions), to a stub that runs the checks
     * and jumps to the entry's handler with the exception still on the stack. Call before the commit handlers, with
     * the method's own entries still the only ones.
     *
     * <p>A handler a stub jumps to is then reached by a jump as well as by exceptions, which HotSpot's C1 refuses to
     * compile ("exception handler can be reached by both normal and exceptional control flow"): the method would
     * run interpreted until C2 took it. So the method's own entries to such a handler go to a trampoline instead, a
     * {@code goto} to it appended to the code: the handler's code is reached only by jumps.
     */
    void addCatchStubs() {
        List<TryCatchBlockNode> own = new ArrayList<>(ctx.method.tryCatchBlocks);
        Map<List<Object>, LabelNode> stubs = new HashMap<>(); // one stub per set of checks and handler
        Map<LabelNode, LabelNode> trampolines = new LinkedHashMap<>(); // a handler a stub jumps to, in order
        owedOnCatch.forEach((insn, checks) -> {
            LabelNode start = new LabelNode();
            LabelNode end = new LabelNode();
            ctx.method.instructions.insertBefore(insn, start);
            ctx.method.instructions.insert(insn, end);
            int at = ctx.method.instructions.indexOf(insn);
            for (TryCatchBlockNode entry : own) {
                if (ctx.method.instructions.indexOf(entry.start) < at && at < ctx.method.instructions.indexOf(entry.end)) {
                    LabelNode stub = stubs.computeIfAbsent(List.of(checks, entry.handler), k -> {
                        LabelNode label = new LabelNode();
                        ctx.cls.counts.commitChecks(distinct(checks).size());
                        ctx.append(new Code().label(label).append(checks(checks)).jump(Opcodes.GOTO, entry.handler));
                        return label;
                    });
                    trampolines.computeIfAbsent(entry.handler, handler -> new LabelNode());
                    ctx.method.tryCatchBlocks.add(ctx.method.tryCatchBlocks.indexOf(entry),
                            new TryCatchBlockNode(start, end, stub, entry.type));
                }
            }
        });
        trampolines.forEach((handler, trampoline) ->
                ctx.append(new Code().label(trampoline).jump(Opcodes.GOTO, handler)));
        for (TryCatchBlockNode entry : own) {
            entry.handler = trampolines.getOrDefault(entry.handler, entry.handler);
        }
    }

    /**
     * COMMIT ON THROW: for each instruction whose exception would leave the method with checks owed, an
     * exception-table entry covering exactly that instruction, to a handler (one per distinct set of checks,
     * appended to the code) that runs the checks and rethrows. The entries go after the method's own, so its
     * handlers keep priority, and before the catch-all of a synchronized method, whose range then covers our
     * handlers: their rethrow still releases the monitor. Call after every other insertion around instructions.
     *
     * <p>Owed sets grow along straight-line code (each access adds one), so a handler runs only the checks its set
     * adds to the largest smaller set that has a handler, then jumps into that one: handler code grows with the
     * number of checks, not with checks times throwing instructions (a bloated method is not inlined).
     */
    void addCommitHandlers() {
        Map<List<PlannedCheck>, LabelNode> handlers = new LinkedHashMap<>();
        owedOnThrow.forEach((insn, checks) -> {
            LabelNode handler = handlers.computeIfAbsent(checks, c -> new LabelNode());
            LabelNode start = new LabelNode();
            LabelNode end = new LabelNode();
            ctx.method.instructions.insertBefore(insn, start);
            ctx.method.instructions.insert(insn, end);
            ctx.method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
        });
        Map<Set<PlannedCheck>, Stored> afterStore = new HashMap<>();
        Map<PlannedCheck, Integer> numbers = new HashMap<>();   // subset tests as bit operations
        List<Map.Entry<List<PlannedCheck>, LabelNode>> bySize = new ArrayList<>(handlers.entrySet());
        bySize.sort(Comparator.comparingInt(e -> e.getKey().size()));
        for (Map.Entry<List<PlannedCheck>, LabelNode> handler : bySize) {
            Set<PlannedCheck> checks = new LinkedHashSet<>(handler.getKey());
            BitSet mine = new BitSet();
            checks.forEach(c -> mine.set(numbers.computeIfAbsent(c, k -> numbers.size())));
            Map.Entry<Set<PlannedCheck>, Stored> rest = null;
            for (Map.Entry<Set<PlannedCheck>, Stored> smaller : afterStore.entrySet()) {
                if ((rest == null || smaller.getKey().size() > rest.getKey().size()) && smaller.getValue().within(mine)) {
                    rest = smaller;
                }
            }
            int thrown = ctx.scratch(0);
            LabelNode stored = new LabelNode();
            Code code = new Code().label(handler.getValue()).astore(thrown).label(stored);
            List<PlannedCheck> own = new ArrayList<>(checks);
            if (rest != null) {
                own.removeAll(rest.getKey());
            }
            ctx.cls.counts.commitChecks(distinct(own).size());
            code.append(checks(own));
            ctx.append(rest == null ? code.aload(thrown).op(Opcodes.ATHROW) : code.jump(Opcodes.GOTO, rest.getValue().label()));
            afterStore.putIfAbsent(checks, new Stored(stored, mine));
        }
    }

    /** A commit handler's label past its store of the exception, and its checks (numbered). */
    private record Stored(LabelNode label, BitSet checks) {
        /** True if every one of these checks is in {@code others}. */
        boolean within(BitSet others) {
            BitSet outside = (BitSet) checks.clone();
            outside.andNot(others);
            return outside.isEmpty();
        }
    }

    private void emit(AbstractInsnNode insn, List<PlannedCheck> checks, boolean before) {
        if (checks == null) {
            return;
        }
        Code code = checks(checks, before ? ctx.freshThis().before(insn) : ctx.freshThis().after(insn), insn);
        if (before) {
            ctx.insertBefore(insn, code);
        } else {
            ctx.insertAfter(insn, code);
        }
    }

    /**
     * The checks of one point, one per shadow: fields sharing a shadow ({@link FieldProxies}, or a capsule's
     * location) are checked there together on an object, so one check of the shadow, of the strongest kind, does for
     * all of them. It is the representative field's (which has that kind), so races are reported at its site.
     */
    private List<PlannedCheck> distinct(List<PlannedCheck> checks) {
        Map<List<Object>, PlannedCheck> byShadow = new LinkedHashMap<>();
        for (PlannedCheck c : checks) {
            Optional<FieldTarget> field = fieldTarget(c);
            Object location = field.isPresent() ? field.get().location() : c.access();
            byShadow.merge(Arrays.asList(location, c.object(), c.index(), c.range(), c.ranIf()), c, (kept, next) ->
                    next.write() && !kept.write() || next.write() == kept.write() && isRepresentative(next)
                            && !isRepresentative(kept) ? next : kept);
        }
        return new ArrayList<>(byShadow.values());
    }

    private Optional<FieldTarget> fieldTarget(PlannedCheck c) {
        return ctx.instructionAt(c.access()) instanceof FieldInsnNode field ? FieldTarget.of(ctx.cls, field)
                : Optional.empty();
    }

    private boolean isRepresentative(PlannedCheck c) {
        return fieldTarget(c).map(t -> t.shadow() != null
                && t.shadow().equals(((FieldInsnNode) ctx.instructionAt(c.access())).name)).orElse(false);
    }

    /** The checks of an exception path, one per shadow ({@link #distinct}). */
    private Code checks(List<PlannedCheck> checks) {
        return checks(checks, false, null);
    }

    /**
     * The checks of one point, at original instruction {@code at} (null: on an exception path); {@code fresh}: a
     * constructor's {@code this} has not escaped there ({@link FreshThis}).
     */
    private Code checks(List<PlannedCheck> checks, boolean fresh, AbstractInsnNode at) {
        Code code = new Code();
        distinct(checks).forEach(c -> code.append(check(c, fresh, at)));
        return code;
    }

    private Code check(PlannedCheck c, boolean fresh, AbstractInsnNode at) {
        if (c.ranIf() != null) { // only if the loop ran: its induction variable left its first value
            LabelNode skip = new LabelNode();
            return loadInt(c.ranIf().end(), 1, 0).append(loadInt(c.ranIf().begin(), 1, 0)).jump(Opcodes.IF_ICMPEQ, skip)
                    .append(unguarded(c, fresh, at)).label(skip);
        }
        return unguarded(c, fresh, at);
    }

    private Code unguarded(PlannedCheck c, boolean fresh, AbstractInsnNode at) {
        AbstractInsnNode access = ctx.instructionAt(c.access());
        if (access instanceof FieldInsnNode field) {
            Optional<FieldTarget> target = FieldTarget.of(ctx.cls, field);
            if (target.isEmpty() || !target.get().shadowed() || target.get().isFinal() || target.get().isVolatile()) {
                return new Code(); // not a checked field: the rewriter leaves its accesses as they are
            }
            boolean isStatic = field.getOpcode() == Opcodes.GETSTATIC || field.getOpcode() == Opcodes.PUTSTATIC;
            Code site = FieldAccesses.site(ctx, field, target.get(), c.write());
            if (isStatic) {
                return FieldAccesses.staticCall(ctx, field, target.get(),
                        c.write() ? RuntimeApi.WRITE_STATIC : RuntimeApi.READ_STATIC, site);
            }
            boolean onFreshThis = fresh && c.object() == plan.thisValue() && thisInLocal0;
            return load(c.object(), true).append(FieldAccesses.instanceCall(ctx, target.get(),
                    FieldAccesses.checkEntry(c.write(), onFreshThis), site, ctx.threadState()));
        }
        if (c.range() != null) { // a[begin..end:stride); an empty range (a loop that did not run) checks nothing
            MethodPlan.Bounds r = c.range();
            return load(c.object(), true).append(loadInt(r.begin(), r.scale(), r.offset()))
                    .append(loadInt(r.end(), r.scale(), r.endOffset()))
                    .push(r.stride())
                    .append(ctx.threadState()).append(ArrayAccesses.site(ctx, access, c.write()))
                    .call(c.write() ? RuntimeApi.WRITE_ARRAY_RANGE : RuntimeApi.READ_ARRAY_RANGE);
        }
        int memo = at == null ? -1 : ctx.movedArrayMemo(at, c.object());
        if (memo >= 0) { // in a loop: through the array's shadow locals, as ArrayAccesses does at an access
            return ArrayAccesses.memoisedCheck(ctx, ctx.valueSlot(c.object(), true), load(c.index(), false),
                    ArrayAccesses.site(ctx, access, c.write()), c.write(), memo);
        }
        return load(c.object(), true).append(load(c.index(), false)).append(ctx.threadState())
                .append(ArrayAccesses.site(ctx, access, c.write()))
                .call(c.write() ? RuntimeApi.WRITE_ARRAY : RuntimeApi.READ_ARRAY);
    }

    private Code load(int value, boolean reference) {
        if (reference && value == plan.thisValue() && thisInLocal0) {
            return new Code().aload(0);
        }
        return new Code().load(reference ? Type.getObjectType("java/lang/Object") : Type.INT_TYPE,
                ctx.valueSlot(value, reference));
    }

    /** Stores the access's needed values, found on the operand stack below a stored value if any. */
    private Code stash(AbstractInsnNode access, Stash stash) {
        int op = access.getOpcode();
        Code code = new Code();
        if (keeps(stash.object(), true) == null && keeps(stash.index(), false) == null) {
            return code; // only this, which stays in local 0
        }
        Type stored = null;
        if (op == Opcodes.PUTFIELD) {
            stored = Type.getType(((FieldInsnNode) access).desc);
        } else if (ArrayAccesses.isStore(op)) {
            stored = ArrayAccesses.storedType(op);
        }
        if (stored != null) {
            code.store(stored, ctx.scratch(0));
        }
        if (op == Opcodes.GETFIELD || op == Opcodes.PUTFIELD) {
            code.op(Opcodes.DUP).append(keep(stash.object(), true));
        } else if (ArrayAccesses.isLoad(op) || ArrayAccesses.isStore(op)) {
            code.op(Opcodes.DUP2).append(keep(stash.index(), false)).append(keep(stash.object(), true));
        }
        if (stored != null) {
            code.load(stored, ctx.scratch(0));
        }
        return code;
    }

    /** Pops the top of the stack into the value's local, or just pops it if the value is not kept. */
    private Code keep(int value, boolean reference) {
        Integer slot = keeps(value, reference);
        return slot == null ? new Code().op(Opcodes.POP)
                : new Code().store(reference ? Type.getObjectType("java/lang/Object") : Type.INT_TYPE, slot);
    }

    /** The local that keeps {@code value}, or null if it needs none (unused, or {@code this} in local 0). */
    private Integer keeps(int value, boolean reference) {
        if (value < 0 || reference && value == plan.thisValue() && thisInLocal0) {
            return null;
        }
        return ctx.valueSlot(value, reference);
    }

    private static boolean transfersControl(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return insn instanceof JumpInsnNode || insn instanceof TableSwitchInsnNode || insn instanceof LookupSwitchInsnNode
                || op >= Opcodes.IRETURN && op <= Opcodes.RETURN || op == Opcodes.ATHROW;
    }
}
