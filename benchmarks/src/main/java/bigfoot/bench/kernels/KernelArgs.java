package bigfoot.bench.kernels;

import java.util.List;

/**
 * The command line every kernel takes: {@code <size> <threads> <warm-ups> <iterations>}, where size is
 * small, medium or large (each kernel maps it to its own problem parameters), threads the number of worker
 * threads, and warm-ups / iterations the untimed and timed repetitions of {@link KernelTimer}. Trailing
 * arguments may be left out: the defaults are {@code medium 2 2 5}.
 */
public record KernelArgs(Size size, int threads, int warmups, int iterations) {

    public static final KernelArgs DEFAULT = new KernelArgs(Size.MEDIUM, 2, 2, 5);

    public KernelArgs {
        if (threads < 1 || warmups < 0 || iterations < 1) {
            throw new IllegalArgumentException("need threads >= 1, warm-ups >= 0, iterations >= 1");
        }
    }

    /** These arguments with another size. */
    public KernelArgs withSize(Size s) {
        return new KernelArgs(s, threads, warmups, iterations);
    }

    /** These arguments with {@code n} warm-up iterations. */
    public KernelArgs withWarmups(int n) {
        return new KernelArgs(size, threads, n, iterations);
    }

    /** The command-line form, as {@link #parse} reads it. */
    public List<String> toList() {
        return List.of(size.label(), Integer.toString(threads), Integer.toString(warmups), Integer.toString(iterations));
    }

    /** Parses a kernel's arguments; on bad input prints one line naming the kernel and exits with status 2. */
    public static KernelArgs parse(String kernel, String[] args) {
        try {
            if (args.length > 4) {
                throw new IllegalArgumentException("too many arguments");
            }
            Size size = args.length > 0 ? Size.byLabel(args[0]) : DEFAULT.size;
            if (size == null) {
                throw new IllegalArgumentException("size must be small, medium or large, got '" + args[0] + "'");
            }
            return new KernelArgs(size, number(args, 1, DEFAULT.threads), number(args, 2, DEFAULT.warmups),
                    number(args, 3, DEFAULT.iterations));
        } catch (IllegalArgumentException e) {
            System.err.println(kernel + ": error: " + e.getMessage()
                    + " (usage: " + kernel + " [small|medium|large] [threads] [warm-ups] [iterations])");
            System.exit(2);
            throw new AssertionError(e);
        }
    }

    private static int number(String[] args, int i, int dflt) {
        if (args.length <= i) {
            return dflt;
        }
        try {
            return Integer.parseInt(args[i]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: '" + args[i] + "'");
        }
    }
}
