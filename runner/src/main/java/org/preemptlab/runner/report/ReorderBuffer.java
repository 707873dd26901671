package org.preemptlab.runner.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Lines that arrived ahead of their turn, each at its distance from the next line to write: the
 * nearest ones in memory, the rest in a spill file, so that the memory a writer needs stays
 * bounded however far ahead lines arrive (8 bytes per line further ahead than the memory holds,
 * for its place in the file). Not thread-safe.
 */
final class ReorderBuffer implements Closeable {
  /** The lines at distances {@code 0 .. near.length − 1}, from {@link #nearHead}. */
  private final String[] near;
  private int nearHead;
  /**
   * Where each line further ahead starts in the spill file, plus one (0: none), from {@link
   * #farHead}; null until a line goes there.
   */
  private long[] far;
  private int farHead;
  private final Path spillFile;
  private FileChannel spill;
  /** Bytes of the spill file, written or waiting in {@link #pending}. */
  private long spillEnd;
  private final ByteBuffer pending = ByteBuffer.allocate(1 << 16);
  private int held;
  private int mostHeld;
  private long spilled;

  /**
   * A buffer that keeps up to {@code inMemory} lines ahead in memory and spills the others to
   * {@code spillFile} (created when first needed, deleted by {@link #close()}).
   *
   * @param inMemory a power of two
   */
  ReorderBuffer(int inMemory, Path spillFile) {
    checkArgument(Integer.bitCount(inMemory) == 1, "in-memory lines %s: a power of two",
        inMemory);
    this.near = new String[inMemory];
    this.spillFile = spillFile;
  }

  /** Whether no line waits. */
  boolean isEmpty() {
    return held == 0;
  }

  /**
   * Keeps {@code line}, which comes {@code distance} lines after the next one to write.
   *
   * @throws IllegalArgumentException if a line already waits at that distance
   */
  void put(int distance, String line) {
    checkArgument(distance >= 0, "distance %s", distance);
    if (distance < near.length) {
      int slot = (nearHead + distance) & (near.length - 1);
      checkArgument(near[slot] == null && farAt(distance) == 0, "a line at distance %s twice",
          distance);
      near[slot] = line;
    } else {
      if (far == null || distance >= far.length) {
        growFar(distance + 1);
      }
      int slot = (farHead + distance) & (far.length - 1);
      checkArgument(far[slot] == 0, "a line at distance %s twice", distance);
      far[slot] = append(line) + 1;
      spilled++;
    }
    held++;
    mostHeld = Math.max(mostHeld, held);
  }

  /**
   * The next line to write, if it has arrived; then every distance shrinks by one.
   *
   * @return the line, or null if it has not arrived
   */
  String poll() {
    String line = near[nearHead];
    if (line != null) {
      near[nearHead] = null;
    } else if (farAt(0) != 0) {
      line = read(far[farHead] - 1);
      far[farHead] = 0;
    } else {
      return null;
    }
    held--;
    shift();
    return line;
  }

  /**
   * The next line was written without waiting here (it came in its turn): every distance shrinks
   * by one.
   */
  void skip() {
    checkArgument(near[nearHead] == null && farAt(0) == 0, "the next line waits here");
    shift();
  }

  private void shift() {
    nearHead = (nearHead + 1) & (near.length - 1);
    if (far != null) {
      farHead = (farHead + 1) & (far.length - 1);
    }
  }

  /** The most lines that waited at once. */
  int mostHeld() {
    return mostHeld;
  }

  /** How many lines went to the spill file. */
  long spilled() {
    return spilled;
  }

  /** Closes and deletes the spill file, if there is one. */
  @Override
  public void close() {
    try {
      if (spill != null) {
        spill.close();
        Files.deleteIfExists(spillFile);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + spillFile, e);
    }
  }

  private long farAt(int distance) {
    return far == null || distance >= far.length ? 0 : far[(farHead + distance) & (far.length - 1)];
  }

  private void growFar(int needed) {
    int capacity = Integer.highestOneBit(Math.max(needed, 2) - 1) << 1;
    long[] grown = new long[capacity];
    if (far != null) {
      for (int i = 0; i < far.length; i++) {
        grown[i] = far[(farHead + i) & (far.length - 1)];
      }
    }
    far = grown;
    farHead = 0;
  }

  /** Appends {@code line} to the spill file; returns where it starts. */
  private long append(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    long at = spillEnd;
    try {
      if (spill == null) {
        spill = FileChannel.open(spillFile, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
      }
      if (pending.remaining() < Integer.BYTES + bytes.length) {
        flush();
      }
      if (pending.remaining() < Integer.BYTES + bytes.length) { // longer than the buffer
        ByteBuffer one = ByteBuffer.allocate(Integer.BYTES + bytes.length);
        one.putInt(bytes.length).put(bytes).flip();
        writeFully(one, at);
      } else {
        pending.putInt(bytes.length).put(bytes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + spillFile, e);
    }
    spillEnd += Integer.BYTES + bytes.length;
    return at;
  }

  private String read(long at) {
    try {
      flush();
      ByteBuffer length = ByteBuffer.allocate(Integer.BYTES);
      readFully(length, at);
      ByteBuffer bytes = ByteBuffer.allocate(length.flip().getInt());
      readFully(bytes, at + Integer.BYTES);
      return new String(bytes.array(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + spillFile, e);
    }
  }

  /** Writes the buffered bytes, which end at {@link #spillEnd}. */
  private void flush() throws IOException {
    if (pending.position() == 0) {
      return;
    }
    pending.flip();
    writeFully(pending, spillEnd - pending.remaining());
    pending.clear();
  }

  private void writeFully(ByteBuffer buffer, long at) throws IOException {
    long position = at;
    while (buffer.hasRemaining()) {
      position += spill.write(buffer, position);
    }
  }

  private void readFully(ByteBuffer buffer, long at) throws IOException {
    long position = at;
    while (buffer.hasRemaining()) {
      int read = spill.read(buffer, position);
      if (read < 0) {
        throw new IOException("the spill file ends early");
      }
      position += read;
    }
  }
}
