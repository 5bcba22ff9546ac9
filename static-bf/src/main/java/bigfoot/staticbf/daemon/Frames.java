package bigfoot.staticbf.daemon;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * What a client and the daemon say over the socket. The client sends one request (a run's arguments, or a stop);
 * the daemon answers with frames: the run's output and error bytes as they come, then its exit code.
 */
final class Frames {

    private static final int MAGIC = 0x42464431; // "BFD1"
    private static final byte OUT = 1;
    private static final byte ERR = 2;
    private static final byte EXIT = 0;

    /** A run of {@code args}, or a stop; {@code charset} is the client's output's. */
    record Request(boolean stop, boolean terminal, String charset, List<String> args) {
    }

    private Frames() {
    }

    static void writeRequest(DataOutputStream out, Request r) throws IOException {
        out.writeInt(MAGIC);
        out.writeBoolean(r.stop());
        out.writeBoolean(r.terminal());
        writeString(out, r.charset());
        out.writeInt(r.args().size());
        for (String a : r.args()) {
            writeString(out, a);
        }
        out.flush();
    }

    static Request readRequest(DataInputStream in) throws IOException {
        if (in.readInt() != MAGIC) {
            throw new IOException("not a staticbf client");
        }
        boolean stop = in.readBoolean();
        boolean terminal = in.readBoolean();
        String charset = readString(in);
        int n = in.readInt();
        if (n < 0 || n > 10_000) {
            throw new IOException("a request of " + n + " arguments");
        }
        List<String> args = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            args.add(readString(in));
        }
        return new Request(stop, terminal, charset, args);
    }

    /** The daemon's stream of the run's standard output ({@code error} false) or error, one frame per write. */
    static OutputStream output(DataOutputStream frames, boolean error) {
        return new BlockStream() {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                synchronized (frames) {
                    frames.writeByte(error ? ERR : OUT);
                    frames.writeInt(len);
                    frames.write(b, off, len);
                    frames.flush();
                }
            }
        };
    }

    static void writeExit(DataOutputStream frames, int code) throws IOException {
        synchronized (frames) {
            frames.writeByte(EXIT);
            frames.writeInt(code);
            frames.flush();
        }
    }

    /** Copies the run's output to {@code out} and {@code err}; its exit code, or empty if the daemon went first. */
    static OptionalInt relay(DataInputStream frames, OutputStream out, OutputStream err) throws IOException {
        byte[] buffer = new byte[8192];
        try {
            while (true) {
                byte tag = frames.readByte();
                if (tag == EXIT) {
                    return OptionalInt.of(frames.readInt());
                }
                OutputStream to = tag == ERR ? err : out;
                for (int left = frames.readInt(); left > 0; ) {
                    int n = frames.read(buffer, 0, Math.min(left, buffer.length));
                    if (n < 0) {
                        return OptionalInt.empty();
                    }
                    to.write(buffer, 0, n);
                    left -= n;
                }
                to.flush();
            }
        } catch (EOFException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * The channel's bytes as a stream. Not {@code Channels.newInputStream}: its reads and the channel's writes take
     * one lock, so a read waiting for the client to leave would stop the run's output.
     */
    static InputStream input(SocketChannel channel) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : channel.read(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    /** The channel as a stream to write to (see {@link #input}). */
    static OutputStream output(SocketChannel channel) {
        return new BlockStream() {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        };
    }

    /** A stream whose single bytes are written as blocks of one. */
    private abstract static class BlockStream extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 24) {
            throw new IOException("a string of " + n + " bytes");
        }
        byte[] bytes = new byte[n];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
