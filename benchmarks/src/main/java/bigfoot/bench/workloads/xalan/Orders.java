package bigfoot.bench.workloads.xalan;

import java.util.Map;
import java.util.TreeMap;

/**
 * A generated order document and, computed in Java, the text the driver's stylesheet makes of it: one line
 * per order by descending id ({@code order <id> <customer> <items> <quantity> <total>}, total the sum of quantity
 * times price), then one line per customer by ascending number ({@code customer <n> <orders>}).
 */
record Orders(int seed, int count) {

    private static final int CUSTOMERS = 7;
    private static final int MAX_ITEMS = 5;

    String xml() {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\"?>\n<orders>\n");
        for (int o = 0; o < count; o++) {
            sb.append("  <order id=\"").append(id(o)).append("\" customer=\"").append(customer(o)).append("\">");
            for (int i = 0; i < items(o); i++) {
                sb.append("<item sku=\"s").append(o).append('-').append(i).append("\" qty=\"").append(quantity(o, i))
                        .append("\" price=\"").append(price(o, i)).append("\"/>");
            }
            sb.append("</order>\n");
        }
        return sb.append("</orders>\n").toString();
    }

    String summary() {
        StringBuilder sb = new StringBuilder();
        Map<Integer, Integer> perCustomer = new TreeMap<>();
        for (int o = count - 1; o >= 0; o--) { // ids grow with o
            long quantity = 0;
            long total = 0;
            for (int i = 0; i < items(o); i++) {
                quantity += quantity(o, i);
                total += (long) quantity(o, i) * price(o, i);
            }
            sb.append("order ").append(id(o)).append(' ').append(customer(o)).append(' ').append(items(o)).append(' ')
                    .append(quantity).append(' ').append(total).append('\n');
            perCustomer.merge(customer(o), 1, Integer::sum);
        }
        perCustomer.forEach((c, n) -> sb.append("customer ").append(c).append(' ').append(n).append('\n'));
        return sb.toString();
    }

    private int id(int o) {
        return 1000 * o + seed % 1000;
    }

    private int customer(int o) {
        return (o * 5 + seed) % CUSTOMERS;
    }

    private int items(int o) {
        return 1 + (o + seed) % MAX_ITEMS;
    }

    private int quantity(int o, int i) {
        return 1 + (o * 3 + i * 7 + seed) % 9;
    }

    private int price(int o, int i) {
        return 5 + (o * 11 + i * 13 + seed * 17) % 200;
    }
}
