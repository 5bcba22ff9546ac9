package bigfoot.rt;

import bigfoot.ir.Site;
import bigfoot.rt.report.Race;
import bigfoot.rt.report.RaceKind;
import bigfoot.rt.report.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Collects races deduplicated per (previous site, current site, kind): the first occurrence of each is
 * kept raw (epochs and site ids, resolved to names only when the report is written, and the callers of its
 * check), every occurrence is counted. The previous access's callers come from the first occurrence whose previous
 * access, by the thread the first one names, had them kept ({@link PreviousStacks}: wanted from the first occurrence
 * on).
 */
final class RaceCollector implements RaceListener {

    private record Key(RaceKind kind, int previousSite, int currentSite) {
    }

    /** The first occurrence of one distinct race, and how often it occurred. */
    static final class Occurrence {
        final long order;
        final RaceKind kind;
        final VarState var;
        final long previous;
        final int previousSite;
        final long current;
        final int currentSite;
        /** The callers of the current access's check, when it was first seen. */
        final List<String> callers;
        /** The callers of a previous access of this race, once an occurrence's were kept; empty until then. */
        volatile List<String> previousCallers = List.of();
        private final LongAdder count = new LongAdder();

        Occurrence(long order, RaceKind kind, VarState var, long previous, int previousSite, long current, int currentSite,
                List<String> callers) {
            this.order = order;
            this.kind = kind;
            this.var = var;
            this.previous = previous;
            this.previousSite = previousSite;
            this.current = current;
            this.currentSite = currentSite;
            this.callers = callers;
        }

        long count() {
            return count.sum();
        }

        /** This race as reported: its variable, threads and sites named. */
        Race resolve(Sites sites, Threads threads) {
            Site previousSiteOf = sites.site(previousSite);
            Site currentSiteOf = sites.site(currentSite);
            Target target = var.target(currentSiteOf != null ? currentSiteOf : previousSiteOf);
            return new Race(kind, target,
                    new Race.Access(threads.nameOf(previous), kind.previous, previousSiteOf, previousSite,
                            threads.startOf(previous), previousCallers),
                    new Race.Access(threads.nameOf(current), kind.current, currentSiteOf, currentSite,
                            threads.startOf(current), callers),
                    count());
        }
    }

    private final ConcurrentHashMap<Key, Occurrence> races = new ConcurrentHashMap<>();
    private final AtomicLong order = new AtomicLong();
    private final PreviousStacks previousStacks;

    RaceCollector(PreviousStacks previousStacks) {
        this.previousStacks = previousStacks;
    }

    @Override
    public void race(RaceKind kind, VarState var, long previous, int previousSite, ThreadState current, int currentSite) {
        long now = current.epoch;
        Occurrence o = races.computeIfAbsent(new Key(kind, previousSite, currentSite), k -> {
            previousStacks.want(previousSite);
            return new Occurrence(order.getAndIncrement(), kind, var, previous, previousSite, now, currentSite,
                    CallerStack.here());
        });
        o.count.increment();
        if (o.previousCallers.isEmpty() && Epoch.tid(previous) == Epoch.tid(o.previous)) { // the thread the report names
            o.previousCallers = previousStacks.of(previous, previousSite);
        }
    }

    /** The distinct races so far, in order of first occurrence. */
    List<Occurrence> occurrences() {
        List<Occurrence> all = new ArrayList<>(races.values());
        all.sort(Comparator.comparingLong(o -> o.order));
        return all;
    }
}
