package bigfoot.staticbf.jdk;

/**
 * What the rewriter puts around a modelled call, and so the side the analysis gives it: every event the rewriter
 * emits is named here with its side, so the two cannot disagree. A "channel" is the runtime's happens-before
 * object (volatile-like) for the receiver, an argument or the current thread.
 */
public enum Event {
    /** FORK before {@code Thread.start()}. */
    FORK(Side.RELEASE, "fork"),
    /** JOIN after {@code join(..)} returns normally. */
    JOIN(Side.ACQUIRE, "join"),
    /** IS_ALIVE: a join when it returns false. */
    IS_ALIVE(Side.ACQUIRE, "join if it returns false"),
    /** Release before {@code wait}, acquire after it returns or throws. */
    WAIT(Side.BOTH, "release, then acquire"),
    /** A barrier: every party's arrival before every party's return. */
    BARRIER(Side.BOTH, "barrier"),
    RELEASE(Side.RELEASE, "release"),
    ACQUIRE(Side.ACQUIRE, "acquire"),
    ACQUIRE_IF_TRUE(Side.ACQUIRE, "acquire if it returns true"),
    RELEASE_ACQUIRE(Side.BOTH, "release, then acquire"),
    /** The result uses the receiver's channel (readLock(), newCondition()). */
    ALIAS_RESULT(Side.NONE, "result shares the receiver's channel"),
    RELEASE_INTO_ARGUMENT(Side.RELEASE, "release into the argument"),
    AROUND_ARGUMENT(Side.BOTH, "release into the task, acquire from it"),
    AROUND_ARGUMENTS(Side.BOTH, "release into both tasks, acquire from both"),
    /** Each task of the array or collection argument: released into before the call, acquired from after it. */
    AROUND_EACH(Side.BOTH, "release into each task, acquire from each"),
    /** The result completes after every member of the argument array: acquiring from it acquires from each. */
    JOINED_ALL(Side.NONE, "the result's completion acquires from every argument's"),
    /** The result completes after one member: acquiring from it acquires from the members done by then. */
    JOINED_ANY(Side.NONE, "the result's completion acquires from the arguments done by then"),
    /** A parallel stream's intermediate operation: its functions wrapped, its result of the same pipeline. */
    STREAM_STAGE(Side.NONE, "functions of a parallel stream wrapped"),
    /**
     * A stream's terminal operation: functions of a parallel one wrapped; what the caller did before happens before
     * their calls, and their calls before it returns.
     */
    STREAM_TERMINAL(Side.BOTH, "what the caller did before, then each call of a parallel stream's functions, then the return"),
    /** About the calling thread's own channel (interrupted(), park()). */
    CURRENT_THREAD_ACQUIRE(Side.ACQUIRE, "acquire from the current thread"),
    CURRENT_THREAD_ACQUIRE_IF_TRUE(Side.ACQUIRE, "acquire from the current thread if it returns true"),
    /** Inserting an element into a concurrent collection: a release into the element's channel. */
    PUBLISH_FIRST(Side.RELEASE, "publishes the element"),
    PUBLISH_SECOND(Side.RELEASE, "publishes the element"),
    /** The element returned was taken or read from a concurrent collection: an acquire from its channel. */
    RECEIVE_RESULT(Side.ACQUIRE, "receives the element"),
    /*
     * A map's calls that compare keys (KEYED_*, MAPPING, MERGE) and a collection's that may compare elements
     * (COMPARED_*) are bracketed: the collection calls back the keys' equals / compareTo or its Comparator, and inside a
     * concurrent one's call the outermost such comparison acquires from the objects it compares (KeyComparison). So
     * each has an acquire side, and a key or element it inserts is published.
     */
    /** put, putIfAbsent: the key and the value published. */
    KEYED_PUT(Side.BOTH, "publishes the key and the value, compares keys"),
    /** replace: the new value (argument 1 or 2) published; the key is already there. */
    KEYED_PUBLISH_SECOND(Side.BOTH, "publishes the value, compares keys"),
    KEYED_PUBLISH_THIRD(Side.BOTH, "publishes the value, compares keys"),
    /** get, remove: the value returned received. */
    KEYED_RECEIVE(Side.ACQUIRE, "compares keys, receives the element"),
    /** containsKey, a navigable map's searches: nothing else. */
    KEYED_LOOKUP(Side.ACQUIRE, "compares keys"),
    /** A collection's calls that may compare its elements (a concurrent set's, a priority queue's), bracketed too. */
    COMPARED_PUBLISH(Side.BOTH, "publishes the element, compares elements"),
    COMPARED_RECEIVE(Side.ACQUIRE, "compares elements, receives the element"),
    COMPARED_LOOKUP(Side.ACQUIRE, "compares elements"),
    /** The map's function is wrapped so that its value is published, the key is published, the result received. */
    MAPPING(Side.BOTH, "publishes the key and the function's value, compares keys, receives the result"),
    /** As MAPPING, and the value argument is published too. */
    MERGE(Side.BOTH, "publishes the key, the value and the function's, compares keys, receives the result"),
    /** The task is wrapped: its submission happens before it runs. */
    TASK(Side.RELEASE, "task wrapped: submission before its run"),
    /** The task is wrapped, and the returned Future is an alias of the wrapper: its end before {@code get}. */
    TASK_FUTURE(Side.RELEASE, "task wrapped: submission before its run, its end before the Future's get"),
    /** Each task of the collection is wrapped, and every task's end is acquired when the call returns. */
    TASKS_ACQUIRE_ALL(Side.BOTH, "tasks wrapped: submission before their runs, their ends before the return"),
    /** A thread started at once from a task: the wrapper makes the start a FORK. */
    THREAD_TASK(Side.RELEASE, "fork of the new thread"),
    /** A dependent stage of the receiver: its function runs after its registration and the receiver's completion. */
    STAGE_AFTER_ONE(Side.BOTH, "function after the registration and the receiver's completion"),
    /** A dependent stage of the receiver and argument 0. */
    STAGE_AFTER_BOTH(Side.BOTH, "function after the registration and both stages' completions"),
    /** Runs after either of two stages: only the registration orders the function. */
    STAGE_AFTER_EITHER(Side.BOTH, "function after the registration"),
    /** The stage completes with the one the function returns: no alias. */
    STAGE_COMPOSE(Side.BOTH, "function after the registration and the receiver's completion"),
    /** No event: the analysis assumes the call may acquire and release (it may run code nobody sees, or end the program). */
    ASSUMED(Side.BOTH, "no event; checks are not moved across it");

    private final Side side;
    private final String words;

    Event(Side side, String words) {
        this.side = side;
        this.words = words;
    }

    public Side side() {
        return side;
    }

    /** As the README lists it. */
    public String words() {
        return words;
    }

    /** True if the rewriter puts events around the call (ASSUMED: the analysis alone). */
    public boolean rewritten() {
        return this != ASSUMED;
    }
}
