package bigfoot.staticbf.rewrite;

import static bigfoot.staticbf.rewrite.HbEvents.aroundArguments;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.rewrite.HbEvents.Owners;
import bigfoot.staticbf.rewrite.HbEvents.Rule;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.tree.MethodNode;

/**
 * {@code java.util.Timer}, on the task's channel: scheduling a TimerTask happens before its {@code run} (the Timer's
 * own thread runs it, with no fork edge). The caller's side: {@code schedule} and {@code scheduleAtFixedRate} release
 * into the task. The task's side: the {@code run()} of every TimerTask subclass acquires from its task's channel at
 * entry ({@link #instrumentRun}), as the kill sets assume (LibraryModel). A task run again by a repeating schedule
 * acquires again; nothing orders its end before anything (a Timer has no join).
 */
final class TimerModels {

    static final String TASK = "java/util/TimerTask";

    private TimerModels() {
    }

    static List<CallHandler> handlers() {
        return List.of(new Rule(Owners.subtypesOf("java/util/Timer"), Set.of("schedule", "scheduleAtFixedRate"),
                d -> d.startsWith("(L" + TASK + ";"), aroundArguments(false, 0)));
    }

    /** True if {@code method} is the {@code run()} of a TimerTask subclass. */
    static boolean isRun(ClassContext cls, MethodNode method) {
        return HbEvents.isBodyOf(cls, method, TASK, "run");
    }

    /** run() acquires from its task's channel at entry. */
    static void instrumentRun(MethodContext ctx) {
        ctx.insertAtStart(new Code().aload(0).append(ctx.threadState()).call(RuntimeApi.HB_ACQUIRE));
    }
}
