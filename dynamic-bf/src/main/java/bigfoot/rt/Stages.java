package bigfoot.rt;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The functions of a CompletableFuture's dependent stages ({@code thenApply}, {@code thenCombine},
 * {@code whenComplete}, ...), wrapped after the CompletionStage contract: a stage's function runs after the stage it
 * depends on completes (after both, for {@code thenCombine}), in whichever thread completes it or registers the
 * function, so the wrapper acquires, when it starts, what the registering thread released into it and the channels of
 * the sources (their completion released there: {@code complete}, or the end of the task or stage they alias). It
 * releases into its own channel when it ends, and the dependent stage is an alias of the wrapper: {@code join} on it,
 * and the stages depending on it, see the function's effects. The Function, Consumer, BiConsumer and Runnable shapes
 * share one wrapper class; a BiFunction has its own (its {@code andThen} clashes with Function's).
 */
final class Stages {

    private Stages() {
    }

    static Object stage(Object fn, Object source, Object other, ThreadState registrar) {
        HandOff wrapper;
        if (fn instanceof BiFunction<?, ?, ?> f && !(fn instanceof Function || fn instanceof Consumer
                || fn instanceof BiConsumer || fn instanceof Runnable)) {
            wrapper = new TwoArgs(f, source, other);
        } else if (fn instanceof BiFunction<?, ?, ?> || fn == null) {
            return fn; // a class of several shapes, one of them BiFunction: no one wrapper fits every use
        } else {
            wrapper = new OneShape(fn, source, other);
        }
        return HandOff.handedOff(wrapper, registrar);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final class OneShape extends HandOff implements Function, Consumer, BiConsumer, Runnable {
        private final Object fn;

        OneShape(Object fn, Object source, Object other) {
            super(source, other, null);
            this.fn = fn;
        }

        @Override
        public Object apply(Object t) {
            started();
            try {
                return ((Function) fn).apply(t);
            } finally {
                ended();
            }
        }

        @Override
        public void accept(Object t) {
            started();
            try {
                ((Consumer) fn).accept(t);
            } finally {
                ended();
            }
        }

        @Override
        public void accept(Object t, Object u) {
            started();
            try {
                ((BiConsumer) fn).accept(t, u);
            } finally {
                ended();
            }
        }

        @Override
        public void run() {
            started();
            try {
                ((Runnable) fn).run();
            } finally {
                ended();
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final class TwoArgs extends HandOff implements BiFunction {
        private final BiFunction fn;

        TwoArgs(BiFunction fn, Object source, Object other) {
            super(source, other, null);
            this.fn = fn;
        }

        @Override
        public Object apply(Object t, Object u) {
            started();
            try {
                return fn.apply(t, u);
            } finally {
                ended();
            }
        }
    }
}
