package corpus;

import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;

/**
 * A TimerTask reads what main wrote before {@code schedule} (ordered: scheduling happens before the task runs) and
 * what main writes after it ({@code late}: unordered, a race whichever runs first); main reads the task's result
 * after a latch the task counts down (ordered).
 */
@ExpectRaces({"corpus.TimerHandoff.late"})
public class TimerHandoff {
    static int config;
    static int late;
    static int result;

    public static void main(String[] args) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Timer timer = new Timer("timer");
        config = 42;
        timer.schedule(new TimerTask() {
            @Override
            public void run() {
                result = config + late;
                done.countDown();
            }
        }, 0);
        late = 1;
        done.await();
        timer.cancel();
        System.out.println("result " + (result >= 42));
    }
}
