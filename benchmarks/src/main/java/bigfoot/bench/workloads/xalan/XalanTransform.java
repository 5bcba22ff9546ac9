package bigfoot.bench.workloads.xalan;

import bigfoot.bench.kernels.KernelArgs;
import bigfoot.bench.kernels.KernelTimer;
import bigfoot.bench.kernels.Team;
import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.apache.xalan.processor.TransformerFactoryImpl;

/**
 * Real-library workload on xalan 2.7.1 (DaCapo's xalan; its interpretive processor, not XSLTC, so all the code
 * that runs is in the rewritten jars): the main thread compiles one stylesheet into {@link Templates}; each
 * iteration, the worker threads each make their own {@link Transformer} from the shared templates and transform
 * generated order documents (a numeric sort, a key with Muenchian grouping, a recursive named template summing
 * quantity times price). Every output is compared with the text {@link Orders} computes in Java. The driver
 * synchronises only through thread start/join.
 * <p>Sizes (documents per thread, orders per document): small 6, 20; medium 40, 50; large 120, 100.
 * Arguments: see {@link KernelArgs}.
 */
public final class XalanTransform {

    private static final String STYLESHEET = """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="text"/>
              <xsl:key name="by-customer" match="order" use="@customer"/>
              <xsl:template match="/orders">
                <xsl:for-each select="order">
                  <xsl:sort select="@id" data-type="number" order="descending"/>
                  <xsl:value-of select="concat('order ', @id, ' ', @customer, ' ', count(item), ' ', sum(item/@qty), ' ')"/>
                  <xsl:call-template name="total"><xsl:with-param name="items" select="item"/></xsl:call-template>
                  <xsl:text>&#10;</xsl:text>
                </xsl:for-each>
                <xsl:for-each select="order[generate-id() = generate-id(key('by-customer', @customer)[1])]">
                  <xsl:sort select="@customer" data-type="number"/>
                  <xsl:value-of select="concat('customer ', @customer, ' ', count(key('by-customer', @customer)))"/>
                  <xsl:text>&#10;</xsl:text>
                </xsl:for-each>
              </xsl:template>
              <xsl:template name="total">
                <xsl:param name="items"/>
                <xsl:param name="sum" select="0"/>
                <xsl:choose>
                  <xsl:when test="$items">
                    <xsl:call-template name="total">
                      <xsl:with-param name="items" select="$items[position() &gt; 1]"/>
                      <xsl:with-param name="sum" select="$sum + $items[1]/@qty * $items[1]/@price"/>
                    </xsl:call-template>
                  </xsl:when>
                  <xsl:otherwise><xsl:value-of select="$sum"/></xsl:otherwise>
                </xsl:choose>
              </xsl:template>
            </xsl:stylesheet>
            """;

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("xalan", args);
        int documents = a.size().pick(6, 40, 120);
        int orders = a.size().pick(20, 50, 100);
        Templates templates = new TransformerFactoryImpl().newTemplates(new StreamSource(new StringReader(STYLESHEET)));
        KernelTimer.time("xalan", a, () -> {
            long[] chars = new long[a.threads()];
            Team.run("xalan", a.threads(), (t, barrier) -> {
                Transformer transformer = templates.newTransformer();
                for (int d = 0; d < documents; d++) {
                    Orders doc = new Orders(t * documents + d, orders);
                    StringWriter out = new StringWriter();
                    transformer.transform(new StreamSource(new StringReader(doc.xml())), new StreamResult(out));
                    String expected = doc.summary();
                    KernelTimer.check(out.toString().equals(expected), "document " + doc.seed() + " transformed to\n"
                            + out + "expected\n" + expected);
                    chars[t] += out.getBuffer().length();
                }
            });
            long total = 0;
            for (long c : chars) {
                total += c;
            }
            return total;
        });
    }
}
