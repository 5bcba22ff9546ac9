package bigfoot.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The channels of allOf / anyOf futures: which members an acquire from them acquires from. */
class ChannelsTest {

    @Test
    void anAllOfFutureAcquiresFromEveryMemberAndAnAnyOfFutureFromTheMembersDoneByThen() {
        Channels channels = new Channels();
        CompletableFuture<Integer> done = CompletableFuture.completedFuture(1);
        CompletableFuture<Integer> pending = new CompletableFuture<>();
        Object all = new Object();
        Object any = new Object();
        channels.join(all, new Object[] {done, pending}, false);
        channels.join(any, new Object[] {done, pending}, true);

        assertEquals(List.of(done, pending), assertInstanceOf(Channels.Joined.class, channels.of(all)).members());
        Channels.Joined anyChannel = assertInstanceOf(Channels.Joined.class, channels.of(any));
        assertEquals(List.of(done), anyChannel.members());
        pending.complete(2);
        assertEquals(List.of(done, pending), anyChannel.members());
        assertSame(anyChannel, channels.of(any));
    }
}
