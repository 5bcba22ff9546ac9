package bigfoot.staticbf.analysis;

import bigfoot.z3.Entailment;
import bigfoot.z3.Fact;
import bigfoot.z3.StridedRange;
import java.util.List;

/** An {@link Entailment} that counts the questions one method's analysis asks (on one thread) before passing them on. */
final class CountedEntailment implements Entailment {

    private final Entailment answers;
    private int queries;

    CountedEntailment(Entailment answers) {
        this.answers = answers;
    }

    int queries() {
        return queries;
    }

    @Override
    public boolean entails(List<Fact> assumptions, Fact goal) {
        queries++;
        return answers.entails(assumptions, goal);
    }

    @Override
    public boolean coversRange(List<Fact> history, List<StridedRange> covered, StridedRange wanted) {
        queries++;
        return answers.coversRange(history, covered, wanted);
    }

    @Override
    public boolean rangeUnionEquals(List<Fact> history, List<StridedRange> parts, StridedRange whole) {
        queries++;
        return answers.rangeUnionEquals(history, parts, whole);
    }
}
