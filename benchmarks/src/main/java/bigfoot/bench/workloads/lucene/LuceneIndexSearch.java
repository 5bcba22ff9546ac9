package bigfoot.bench.workloads.lucene;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.KernelTimer;
import bigfoot.bench.kernels.Team;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.RAMDirectory;

/**
 * Real-library workload on lucene-core 2.4.1 (DaCapo's lucene): the worker threads add generated documents to
 * one shared {@link IndexWriter} over a {@link RAMDirectory} (small segments and a low merge factor, so the
 * writer flushes and its merge threads merge while documents arrive), the main thread optimises and closes it,
 * then the workers search concurrently through one shared {@link IndexSearcher}. Every search's hit count is
 * checked against the count computed from the generated {@link Corpus}, and the best hit's stored text must
 * contain the searched word. The driver synchronises only through thread start/join (its own data is
 * partitioned by thread); the library synchronises inside itself.
 * <p>Sizes (documents, search rounds per thread): small 600, 2; medium 8000, 4; large 40000, 8.
 * Arguments: see {@link KernelArgs}.
 */
public final class LuceneIndexSearch {

    private static final String BODY = "body";

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("lucene", args);
        Corpus corpus = new Corpus(a.size().pick(600, 8000, 40000));
        int rounds = a.size().pick(2, 4, 8);
        List<Query> queries = queries();
        int[] expected = new int[queries.size()];
        for (int q = 0; q < expected.length; q++) {
            expected[q] = corpus.count(queries.get(q));
        }
        KernelTimer.time("lucene", a, () -> {
            RAMDirectory dir = index(corpus, a.threads());
            IndexSearcher searcher = new IndexSearcher(dir);
            long[] hits = new long[a.threads()];
            Team.run("lucene-search", a.threads(), (t, barrier) -> {
                for (int r = 0; r < rounds; r++) {
                    for (int q = 0; q < queries.size(); q++) {
                        // each thread starts at another query, so different queries run at the same time
                        int i = (q + t) % queries.size();
                        hits[t] += search(searcher, queries.get(i), expected[i]);
                    }
                }
            });
            searcher.close();
            long total = 0;
            for (long h : hits) {
                total += h;
            }
            return total;
        });
    }

    /** Indexes the corpus, documents split among the threads, into a fresh directory. */
    private static RAMDirectory index(Corpus corpus, int threads) throws Exception {
        RAMDirectory dir = new RAMDirectory();
        IndexWriter writer = new IndexWriter(dir, new StandardAnalyzer(), true, IndexWriter.MaxFieldLength.UNLIMITED);
        writer.setMaxBufferedDocs(Math.max(50, corpus.size() / 16));
        writer.setMergeFactor(4);
        Team.run("lucene-index", threads, (t, barrier) -> {
            for (int d = Team.lo(t, threads, corpus.size()); d < Team.hi(t, threads, corpus.size()); d++) {
                Document doc = new Document();
                doc.add(new Field("id", Integer.toString(d), Field.Store.YES, Field.Index.NOT_ANALYZED));
                doc.add(new Field(BODY, corpus.text(d), Field.Store.YES, Field.Index.ANALYZED));
                writer.addDocument(doc);
            }
        });
        writer.optimize();
        int docs = writer.numDocs();
        writer.close();
        KernelTimer.check(docs == corpus.size(), "the index holds " + docs + " documents, " + corpus.size() + " added");
        return dir;
    }

    /** Runs one query, checks its hit count and its best hit; returns the hit count. */
    private static int search(IndexSearcher searcher, Query query, int expected) throws Exception {
        TopDocs top = searcher.search(query, null, 10);
        KernelTimer.check(top.totalHits == expected, query + " hit " + top.totalHits + " documents, expected " + expected);
        if (expected > 0) {
            String text = searcher.doc(top.scoreDocs[0].doc).get(BODY);
            KernelTimer.check(Corpus.matches(query, Corpus.words(text)), "best hit of " + query + " does not match it: " + text);
        }
        return top.totalHits;
    }

    /** Term queries on divisibility and filler words, conjunctions of them and prefix queries. */
    private static List<Query> queries() {
        List<Query> qs = new ArrayList<>();
        for (int k : new int[] {2, 3, 7, 11}) {
            qs.add(term(Corpus.divisibleBy(k)));
        }
        for (int w : new int[] {0, 17, 123, 499}) {
            qs.add(term(Corpus.filler(w)));
        }
        qs.add(and(term(Corpus.divisibleBy(3)), term(Corpus.divisibleBy(5))));
        qs.add(and(term(Corpus.divisibleBy(2)), term(Corpus.filler(42))));
        qs.add(new PrefixQuery(new Term(BODY, "w1")));
        qs.add(new PrefixQuery(new Term(BODY, "w49")));
        return qs;
    }

    private static Query term(String word) {
        return new TermQuery(new Term(BODY, word));
    }

    private static Query and(Query x, Query y) {
        BooleanQuery q = new BooleanQuery();
        q.add(x, BooleanClause.Occur.MUST);
        q.add(y, BooleanClause.Occur.MUST);
        return q;
    }
}
