package bigfoot.bench.kernels;

import java.util.Arrays;

/**
 * Object-and-field kernel: a Whitted-style ray tracer (nearest-sphere hits, diffuse and specular light with
 * shadow rays, mirror reflections to depth 3) over a scene of 64 spheres and 3 lights, all objects with
 * fields, set up by the main thread and read by every worker; vectors are small objects made by the
 * millions, as in JavaGrande's RayTracer. Each worker renders a band of rows into its own part of a shared
 * {@code int[]} image. Check: the image equals a one-thread render.
 * <p>Sizes (image side in pixels): small 16; medium 150; large 400. Arguments: see {@link KernelArgs}.
 */
public final class RayTracer {

    static final int MAX_DEPTH = 3;
    static final double AMBIENT = 0.1, EPSILON = 1e-6;

    static final class Vec {
        double x, y, z;

        Vec(double x, double y, double z) {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        Vec plus(Vec v) {
            return new Vec(x + v.x, y + v.y, z + v.z);
        }

        Vec minus(Vec v) {
            return new Vec(x - v.x, y - v.y, z - v.z);
        }

        Vec times(double s) {
            return new Vec(x * s, y * s, z * s);
        }

        Vec times(Vec v) {
            return new Vec(x * v.x, y * v.y, z * v.z);
        }

        double dot(Vec v) {
            return x * v.x + y * v.y + z * v.z;
        }

        Vec unit() {
            return times(1 / Math.sqrt(dot(this)));
        }
    }

    static final class Sphere {
        Vec centre;
        double radius;
        Vec colour;
        double reflection;

        Sphere(Vec centre, double radius, Vec colour, double reflection) {
            this.centre = centre;
            this.radius = radius;
            this.colour = colour;
            this.reflection = reflection;
        }

        /** The distance along the unit direction to the nearest hit in front of origin, or infinity. */
        double hit(Vec origin, Vec dir) {
            Vec oc = origin.minus(centre);
            double b = oc.dot(dir);
            double disc = b * b - oc.dot(oc) + radius * radius;
            if (disc < 0) {
                return Double.POSITIVE_INFINITY;
            }
            double root = Math.sqrt(disc);
            double near = -b - root;
            if (near > EPSILON) {
                return near;
            }
            double far = -b + root;
            return far > EPSILON ? far : Double.POSITIVE_INFINITY;
        }
    }

    static final class Light {
        Vec position;
        double brightness;

        Light(Vec position, double brightness) {
            this.position = position;
            this.brightness = brightness;
        }
    }

    static final class Scene {
        Sphere[] spheres = new Sphere[64];
        Light[] lights = {
            new Light(new Vec(-10, 12, -6), 0.6), new Light(new Vec(12, 8, -2), 0.5), new Light(new Vec(0, -10, 4), 0.3)};
        Vec eye = new Vec(0, 0, -9);

        Scene() {
            int n = 0;
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    for (int k = 0; k < 4; k++) {
                        Vec colour = new Vec(0.3 + 0.2 * i, 0.3 + 0.2 * j, 0.3 + 0.2 * k);
                        spheres[n++] = new Sphere(new Vec(2.2 * (i - 1.5), 2.2 * (j - 1.5), 2.2 * k + 2), 0.8, colour,
                                (i + j + k) % 3 == 0 ? 0.5 : 0.1);
                    }
                }
            }
        }

        /** The colour seen along the unit direction from origin. */
        Vec trace(Vec origin, Vec dir, int depth) {
            Sphere nearest = null;
            double distance = Double.POSITIVE_INFINITY;
            for (Sphere s : spheres) {
                double d = s.hit(origin, dir);
                if (d < distance) {
                    distance = d;
                    nearest = s;
                }
            }
            if (nearest == null) {
                return new Vec(0, 0, 0);
            }
            Vec point = origin.plus(dir.times(distance));
            Vec normal = point.minus(nearest.centre).unit();
            Vec colour = nearest.colour.times(AMBIENT);
            for (Light light : lights) {
                Vec toLight = light.position.minus(point);
                double lightDistance = Math.sqrt(toLight.dot(toLight));
                Vec l = toLight.times(1 / lightDistance);
                double diffuse = normal.dot(l);
                if (diffuse > 0 && !shadowed(point, l, lightDistance)) {
                    Vec mirror = normal.times(2 * diffuse).minus(l);
                    double specular = Math.pow(Math.max(0, -mirror.dot(dir)), 20);
                    colour = colour.plus(nearest.colour.times(diffuse * light.brightness)).plus(
                            new Vec(1, 1, 1).times(specular * light.brightness));
                }
            }
            if (depth < MAX_DEPTH && nearest.reflection > 0) {
                Vec reflected = dir.minus(normal.times(2 * dir.dot(normal)));
                colour = colour.plus(trace(point, reflected, depth + 1).times(nearest.reflection));
            }
            return colour;
        }

        private boolean shadowed(Vec point, Vec l, double lightDistance) {
            for (Sphere s : spheres) {
                if (s.hit(point, l) < lightDistance) {
                    return true;
                }
            }
            return false;
        }

        /** Renders rows [lo, hi) of the side x side image into {@code image}, one 0xRRGGBB int per pixel. */
        void render(int[] image, int side, int lo, int hi) {
            for (int y = lo; y < hi; y++) {
                for (int x = 0; x < side; x++) {
                    Vec dir = new Vec((x + 0.5) / side - 0.5, 0.5 - (y + 0.5) / side, 0.9).unit();
                    Vec c = trace(eye, dir, 0);
                    image[y * side + x] = channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z);
                }
            }
        }

        private static int channel(double v) {
            return (int) (255 * Math.min(1, Math.max(0, v)));
        }
    }

    public static void main(String[] args) throws Exception {
        KernelArgs a = KernelArgs.parse("raytracer", args);
        int side = a.size().pick(16, 150, 400);
        Scene scene = new Scene();
        int[] expected = render(scene, side, 1);
        KernelTimer.time("raytracer", a, () -> {
            int[] image = render(scene, side, a.threads());
            KernelTimer.check(Arrays.equals(image, expected), "the image differs from the one-thread render");
            double sum = 0;
            for (int pixel : image) {
                sum += pixel;
            }
            return sum;
        });
    }

    static int[] render(Scene scene, int side, int threads) throws Exception {
        int[] image = new int[side * side];
        Team.run("raytracer", threads, (t, barrier) ->
                scene.render(image, side, Team.lo(t, threads, side), Team.hi(t, threads, side)));
        return image;
    }
}
