package bigfoot.rt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Tasks handed to executors, wrapped so that the submission happens before the task runs (the submitter releases
 * into the wrapper's channel, the worker acquires from it when the task starts: worker threads are started by the
 * JDK, with no fork edge) and the task's end happens before its Future completes (the worker releases into the
 * wrapper's channel, which the Future is an alias of) and before its executor terminates (and into the
 * executor's channel, which {@code awaitTermination} acquires from). A wrapper does nothing else: it runs the task
 * and returns or throws what the task does.
 */
final class Tasks {

    private Tasks() {
    }

    static Runnable runnable(Runnable task, Object executor, ThreadState submitter) {
        return task == null ? null : HandOff.handedOff(new Run(task, executor), submitter);
    }

    static <T> Callable<T> callable(Callable<T> task, Object executor, ThreadState submitter) {
        return task == null ? null : HandOff.handedOff(new Call<>(task, executor), submitter);
    }

    static <T> Supplier<T> supplier(Supplier<T> task, Object executor, ThreadState submitter) {
        return task == null ? null : HandOff.handedOff(new Supply<>(task, executor), submitter);
    }

    /** Each callable wrapped (an {@code invokeAll}); null elements stay null, for the executor to reject. */
    static Collection<Object> callables(Collection<?> tasks, Object executor, ThreadState submitter) {
        if (tasks == null) {
            return null;
        }
        List<Object> wrapped = new ArrayList<>(tasks.size());
        for (Object t : tasks) {
            wrapped.add(t instanceof Callable<?> c ? callable(c, executor, submitter) : t);
        }
        return wrapped;
    }

    private static final class Run extends HandOff implements Runnable {
        private final Runnable task;

        Run(Runnable task, Object executor) {
            super(null, null, executor);
            this.task = task;
        }

        @Override
        public void run() {
            started();
            try {
                task.run();
            } finally {
                ended();
            }
        }
    }

    private static final class Call<T> extends HandOff implements Callable<T> {
        private final Callable<T> task;

        Call(Callable<T> task, Object executor) {
            super(null, null, executor);
            this.task = task;
        }

        @Override
        public T call() throws Exception {
            started();
            try {
                return task.call();
            } finally {
                ended();
            }
        }
    }

    private static final class Supply<T> extends HandOff implements Supplier<T> {
        private final Supplier<T> task;

        Supply(Supplier<T> task, Object executor) {
            super(null, null, executor);
            this.task = task;
        }

        @Override
        public T get() {
            started();
            try {
                return task.get();
            } finally {
                ended();
            }
        }
    }
}
