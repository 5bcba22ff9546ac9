package corpus;

/**
 * A 2-D grid: each thread owns one row, but both write grid[1][2] (int[2] of that row). A second table's
 * row slot 3 is replaced by one thread while the other reads it (element 3 of an int[][]).
 */
@ExpectRaces({"int[2]", "int[][3]"})
public class TwoDArrayRace {
    public static void main(String[] args) throws Exception {
        int[][] grid = new int[3][4];
        int[][] table = new int[4][];
        boolean[] sawRow = new boolean[1];
        Threads.run(() -> {
            for (int j = 0; j < 4; j++) {
                grid[0][j] = j;
            }
            grid[1][2] = 7;
            table[3] = new int[2];
        }, () -> {
            for (int j = 0; j < 4; j++) {
                grid[2][j] = -j;
            }
            grid[1][2] = 8;
            sawRow[0] = table[3] != null;
        });
        System.out.println("grid " + grid[0][3] + " " + grid[1][2] + " " + grid[2][3] + " row " + sawRow[0]);
    }
}
