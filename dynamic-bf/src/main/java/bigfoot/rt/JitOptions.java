package bigfoot.rt;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options that keep the vector clocks' joins, copies and updates, and the checks' slow paths, out of the
 * program's compiled methods.
 * Rewritten code calls the runtime at every check and synchronisation event, and HotSpot's C2 inlines what a hot call
 * reaches: in a program whose epochs are short (every synchronized call of a library ends one), that includes the
 * vector clocks, reached from each synchronisation and from the checks past FastTrack's same-epoch test. Their
 * branches for many threads (a tid past the root leaf, an overlay: {@link VectorClock}) are first taken late, once a
 * program has started more than {@value VectorClock#WIDTH} threads, and HotSpot had compiled them away in every
 * inlined copy: each compiled method holding one was deoptimised and compiled again at once, which made one
 * iteration of lucene's benchmark cost up to several times the others. Called instead of inlined, these methods are
 * compiled once, on their own, and deoptimise alone. {@link VectorClock#get(int)}'s root-leaf path stays inlined: it
 * is READ SHARED SAME EPOCH's lookup in the read vector, once per check of a read-shared location, and called it made
 * moldyn's and raytracer's BF runs 25-50% slower; its other shapes are called, on a branch {@link ClockProfiles} keeps
 * C2 from compiling away.
 *
 * <p>The same holds for the paths past a check's same-epoch test, for compile time: {@link RT}'s field checks past
 * READ / WRITE SAME EPOCH, FastTrack's rules under a location's monitor ({@code readSlow}, {@code writeSlow}), the
 * class-initialisation join, the read-site table of a read-shared location, the array cache's miss, the thread
 * lookup's miss (a thread local, then a slot claimed) and the shadow lookup of a check site in a loop when its
 * array changes ({@link RT#arrayShadow}). Inlined, they were copied into every compiled method that
 * checks: of the bytes C2 inlined over a run of lucene under FT, 87% were the runtime's, and the compilers take half of
 * a library run's CPU in the benchmark's short runs. Called, each is compiled once, a check inlines its load and
 * compare, and lucene's compile time fell by a quarter. Each of them costs a monitor or a map lookup anyway, next to
 * which a call is cheap.
 *
 * <p>Adaptive arrays' machinery likewise: a committed range applied to a shadow ({@code apply}) and to its segments
 * ({@code applyAdaptive}, its edges' fits, cuts, refinements, merges and collapses, its single-index cut-outs, a
 * uniform segment's check), the segment table's searches and steps, a shadow going FINE, a footprint's commit and a
 * bitmap's start. It runs under the shadow's monitor or once per range or synchronisation, and inlined into one
 * another these made each caller a large compile: C2 took 150 ms over {@code applyAdaptive} and 100 ms over
 * {@code Footprint.commit} in one of lufact's runs, whose timed iterations take 15 ms of CPU uninstrumented, and
 * compiled the commit again, 70 ms each time, whenever a loop predicate of the FINE loop it had inlined from
 * {@code apply} failed. Called, the first half of these made BF's runs 29% cheaper on lufact, 14% on sor, 8-10% on
 * particles and sparse; the second ({@code apply}, the fits, cut-outs, uniform check, collapse and the segment
 * table's) 48% on lufact, 23% on sor and 7% on sparse more (4 JVMs each, interleaved; the other kernels and FT's
 * runs within their noise, the libraries 0.3-3.7% cheaper over 3 JVMs).
 *
 * <p>A FINE element's check likewise keeps in line only its same-epoch test and READ / WRITE EXCLUSIVE
 * ({@link FastTrack#exclusiveFine}: one CAS); the rest of its rules ({@code fineRules}: an inflated element's VarState
 * rules, the general word rules), the re-check's race after the CAS, a page made at its first check and a check's
 * failure handler are called (a field's rules keep the general word rules and VarState rules in line: they are called
 * already). Inlined, they made a check's compiled code about 3,000 bytes, past what C2 inlines of a method compiled
 * already ("already compiled into a big method"), and the exclusive case ran through the general rules' loop. With them
 * called, FT's CPU per iteration fell 16% on sor and 11% on lufact and xalan. But the check's entry point, reached
 * through the footprints' and the verifier's tests and holding both kinds of check, was still past that size once C2
 * had compiled it on its own (the loops that call it run interpreted first, and call it), as it had in every run
 * inspected: every element check of sor's loops under FT was a call. So with {@code arrays=fine} a check site now goes
 * straight to a FINE element's words ({@code RT.shadowCheck}) and keeps in line only the same-epoch test
 * ({@link FastTrack#checkFineAtSite}: a load and a compare, as a field's check), calling the rest
 * ({@code fineChangeCalled}) and any other shadow's check ({@code elementRules}): FT's CPU per iteration fell 21-35% on
 * sor and 37-47% on sparse, and lucene, h2 and xalan's 7-12% (interleaved JVMs), lufact's within its noise; crypt's
 * rose 30% in the benchmark's short runs, its loop of 30 element checks compiling longer. Forcing the whole check in
 * line instead ({@code CompileCommand=inline}) gained as much on sor, but cost lufact 10% and h2 and xalan 8-44%, their
 * compilers taking up to twice as long; and the same-epoch test in line at adaptive runs' sites, where most shadows are
 * not FINE, made lucene's BF 12% slower, compiling longer. Calling a field's general word rules and VarState rules too
 * (inside its out-of-line rules) cost raytracer's FT 8%: those stay in line there.
 *
 * <p>With adaptive arrays an element check's site keeps nothing in line: it calls {@code RT.elementRulesOf}, which
 * looks the array's shadow up, and a range check calls {@code RT.arrayCheck}. Such a check is a call anyway (the
 * footprints' paths), and the shadow's lookup in line (the identity hash, whose intrinsic has a call to the VM of its
 * own, the thread's cache, the call of its miss, and failure handlers) made a method of 20 element checks 32 KB of
 * compiled code and 32-48 ms of C2's time, against 7 KB and 5 ms for 20 field checks; called, 4.9 KB and 4.4-4.9 ms.
 * BF's CPU per timed iteration fell 7% on xalan, 8% on lucene and 11% on h2 (medians of 2-3 interleaved JVMs), its
 * kernels within their noise. FT's sites keep the lookup in line: its hit path there is what a FINE element's
 * same-epoch test needs.
 *
 * <p>An agent cannot set JVM flags, so the launcher, the Maven plugin and the benchmark harness pass these to the
 * program's JVM; a program started with {@code -javaagent} by hand runs without them unless given them too
 * ({@code java -jar dynamic-bf.jar --jit-options} prints them). They change which code is inlined, never what it does.
 * (The agent could add the same as a compiler directive through the DiagnosticCommand MBean, but making the platform
 * MBean server before {@code main} initialises {@code java.util.logging}'s LogManager, which a program that picks its
 * own LogManager, as application servers do, must be first to do.)
 */
public final class JitOptions {

    /** The runtime methods called, not inlined, from compiled code, as {@code -XX:CompileCommand} patterns. */
    static final List<String> OUT_OF_LINE = List.of("bigfoot.rt.VectorClock::set", "bigfoot.rt.VectorClock::joinFrom",
            "bigfoot.rt.VectorClock::copyFrom", "bigfoot.rt.VectorClock::firstNotLeq", "bigfoot.rt.VectorClock::snapshot",
            "bigfoot.rt.VectorClock::getPastTheRootLeaf", "bigfoot.rt.RT::fieldRules", "bigfoot.rt.FastTrack::readSlow",
            "bigfoot.rt.FastTrack::writeSlow", "bigfoot.rt.FastTrack::orderAfterInit", "bigfoot.rt.ReadSites::put",
            "bigfoot.rt.ArrayShadows::missed", "bigfoot.rt.Threads::missedSlot", "bigfoot.rt.RT::arrayShadow",
            "bigfoot.rt.ArrayShadow::applyAdaptive", "bigfoot.rt.ArrayShadow::merge", "bigfoot.rt.ArrayShadow::cut",
            "bigfoot.rt.ArrayShadow::refine", "bigfoot.rt.ArrayShadow::goFine", "bigfoot.rt.Footprint::commit",
            "bigfoot.rt.Footprint::startBitmap", "bigfoot.rt.ArrayShadow::apply", "bigfoot.rt.ArrayShadow::fitLow",
            "bigfoot.rt.ArrayShadow::fitHigh", "bigfoot.rt.ArrayShadow::singletons",
            "bigfoot.rt.ArrayShadow::checkUniform", "bigfoot.rt.ArrayShadow::collapse", "bigfoot.rt.Segments::locate",
            "bigfoot.rt.Segments::end", "bigfoot.rt.Segments::next", "bigfoot.rt.FastTrack::fineRules",
            "bigfoot.rt.FastTrack::recheckRead", "bigfoot.rt.FastTrack::recheckWrite",
            "bigfoot.rt.FastTrack::checkFailed", "bigfoot.rt.FineWords::makePage", "bigfoot.rt.FineWords::inflated",
            "bigfoot.rt.FastTrack::fineChangeCalled", "bigfoot.rt.RT::elementRules", "bigfoot.rt.RT::elementRulesOf",
            "bigfoot.rt.RT::arrayCheck");

    private JitOptions() {
    }

    /** {@code -XX:CompileCommand=quiet} (HotSpot would print each command), then one {@code dontinline} per method. */
    public static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        options.add("-XX:CompileCommand=quiet");
        for (String method : OUT_OF_LINE) {
            options.add("-XX:CompileCommand=dontinline," + method);
        }
        return options;
    }
}
