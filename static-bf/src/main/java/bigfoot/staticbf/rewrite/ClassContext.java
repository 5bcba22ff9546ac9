package bigfoot.staticbf.rewrite;

import bigfoot.ir.RuntimeApi;
import bigfoot.staticbf.hierarchy.ClassHierarchy;
import bigfoot.staticbf.hierarchy.FieldResolver;
import bigfoot.staticbf.placement.Placement;
import bigfoot.staticbf.tool.Diagnostics;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;

/** Everything the rewriting of one class (one attempt at it) shares between its methods. */
final class ClassContext {

    final ClassNode node;
    final Environment env;
    final SiteTableBuilder sites;
    final Counts counts = new Counts();
    private Set<String> comparatorLambdas;

    ClassContext(ClassNode node, Environment env) {
        this.node = node;
        this.env = env;
        this.sites = new SiteTableBuilder(node.name.replace('/', '.'), node.sourceFile);
    }

    String name() {
        return node.name;
    }

    /** The methods of this class that a Comparator lambda of it runs ({@link ComparatorLambdas}), found once. */
    Set<String> comparatorLambdas() {
        if (comparatorLambdas == null) {
            comparatorLambdas = ComparatorLambdas.of(node);
        }
        return comparatorLambdas;
    }

    ClassHierarchy hierarchy() {
        return env.hierarchy();
    }

    FieldResolver fields() {
        return env.fields();
    }

    ShadowPolicy shadows() {
        return env.shadows();
    }

    Placement placement() {
        return env.placement();
    }

    Diagnostics diagnostics() {
        return env.diagnostics();
    }

    /** {@code getstatic ThisClass.__bf$sb; push localId; iadd}: the global id of a site of this class. */
    Code siteId(int localId) {
        Code code = new Code().field(Opcodes.GETSTATIC, node.name, RuntimeApi.SITE_BASE_FIELD, "I");
        return localId == 0 ? code : code.push(localId).op(Opcodes.IADD);
    }
}
