package bigfoot.bench.kernels;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KernelArgsTest {

    /** Compare's --warmups: only the warm-ups change, and the child gets them in its command line. */
    @Test
    void moreWarmupsKeepTheRest() {
        KernelArgs longer = KernelArgs.DEFAULT.withWarmups(20);
        assertEquals(new KernelArgs(Size.MEDIUM, 2, 20, 5), longer);
        assertEquals(List.of("medium", "2", "20", "5"), longer.toList());
        assertThrows(IllegalArgumentException.class, () -> KernelArgs.DEFAULT.withWarmups(-1));
    }
}
