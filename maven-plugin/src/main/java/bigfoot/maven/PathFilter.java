package bigfoot.maven;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;

/** The includes and excludes of the plugin's configuration: glob patterns over class-file paths ({@code com/acme/**}). */
final class PathFilter {

    private final List<PathMatcher> includes;
    private final List<PathMatcher> excludes;

    PathFilter(List<String> includes, List<String> excludes) {
        this.includes = includes.stream().map(PathFilter::glob).toList();
        this.excludes = excludes.stream().map(PathFilter::glob).toList();
    }

    private static PathMatcher glob(String pattern) {
        return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    }

    /** True if the class file at {@code relative} (under a classes directory) is to be rewritten. */
    boolean rewrites(Path relative) {
        return (includes.isEmpty() || includes.stream().anyMatch(m -> m.matches(relative)))
                && excludes.stream().noneMatch(m -> m.matches(relative));
    }
}
