package bigfoot.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SiteTableTest {

    @Test
    void roundTripsSitesIncludingAwkwardNames() {
        List<Site> sites = List.of(
                new Site("p.Foo", "Foo.java", "run", 3, 12, AccessOp.READ, "p.Foo.count"),
                new Site("p.Foo", "Foo.java", "lambda$main$0", 17, -1, AccessOp.WRITE, Site.ARRAY),
                new Site("p.Foo", "Foo.java", "we\tird\\name\n", 0, 1, AccessOp.WRITE, "p.Foo.x"));
        String table = SiteTable.encode("p.Foo", "Foo.java", sites);
        assertEquals(sites, SiteTable.decode(table));
    }

    @Test
    void classWithoutSourceFileOrSites() {
        String table = SiteTable.encode("Bare", null, List.of());
        assertEquals(List.of(), SiteTable.decode(table));
        Site s = new Site("Bare", null, "m", 4, -1, AccessOp.READ, "Bare.f");
        assertEquals(List.of(s), SiteTable.decode(SiteTable.encode("Bare", null, List.of(s))));
        assertEquals("Bare.class@bci4", s.location());
    }

    @Test
    void rejectsSiteOfAnotherClass() {
        Site s = new Site("A", "A.java", "m", 0, 1, AccessOp.READ, "A.f");
        assertThrows(IllegalArgumentException.class, () -> SiteTable.encode("B", "B.java", List.of(s)));
    }
}
