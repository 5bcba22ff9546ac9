package bigfoot.bench.workloads.lucene;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * The generated documents and, independently of Lucene, which of them a query matches. Document {@code d}
 * holds the word {@code mK} for each K in 2..13 dividing d, and {@value #FILLERS} filler words {@code wN}
 * (N below {@value #VOCABULARY}) drawn by a generator seeded with d; all words are lower-case letters and digits,
 * which the standard analyser keeps as they are.
 */
final class Corpus {

    private static final int FILLERS = 30;
    private static final int VOCABULARY = 500;

    private final int size;

    Corpus(int size) {
        this.size = size;
    }

    int size() {
        return size;
    }

    static String divisibleBy(int k) {
        return "m" + k;
    }

    static String filler(int n) {
        return "w" + n;
    }

    /** The text of document {@code d}. */
    String text(int d) {
        StringBuilder sb = new StringBuilder();
        for (int k = 2; k <= 13; k++) {
            if (d % k == 0) {
                sb.append(divisibleBy(k)).append(' ');
            }
        }
        long seed = d * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < FILLERS; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            sb.append(filler((int) ((seed >>> 33) % VOCABULARY))).append(' ');
        }
        return sb.toString();
    }

    static Set<String> words(String text) {
        return new HashSet<>(Arrays.asList(text.trim().split(" +")));
    }

    /** The number of documents {@code q} matches. */
    int count(Query q) {
        int n = 0;
        for (int d = 0; d < size; d++) {
            if (matches(q, words(text(d)))) {
                n++;
            }
        }
        return n;
    }

    /** Whether a document of these words matches {@code q} (the query kinds the driver makes). */
    static boolean matches(Query q, Set<String> words) {
        if (q instanceof TermQuery) {
            return words.contains(((TermQuery) q).getTerm().text());
        }
        if (q instanceof PrefixQuery) {
            String prefix = ((PrefixQuery) q).getPrefix().text();
            return words.stream().anyMatch(w -> w.startsWith(prefix));
        }
        if (q instanceof BooleanQuery) {
            for (BooleanClause c : ((BooleanQuery) q).getClauses()) {
                if (c.getOccur() != BooleanClause.Occur.MUST) {
                    throw new IllegalArgumentException("only conjunctions are modelled: " + q);
                }
                if (!matches(c.getQuery(), words)) {
                    return false;
                }
            }
            return true;
        }
        throw new IllegalArgumentException("query kind not modelled: " + q);
    }
}
