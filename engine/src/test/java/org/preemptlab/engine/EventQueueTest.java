package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

  /** A test event that only carries its push number. */
  record Numbered(long number) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {}
  }

  @Test
  void interleavedPushesAndPopsFollowAReferencePriorityQueue() {
    SplittableRandom random = new SplittableRandom(3);
    EventQueue queue = new EventQueue();
    java.util.PriorityQueue<long[]> reference = new java.util.PriorityQueue<>(
        Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    int pushed = 0;
    for (int step = 0; step < 50_000; step++) {
      if (queue.isEmpty() || random.nextInt(3) > 0) {
        long time = random.nextInt(500);
        queue.push(time, new Numbered(pushed), pushed * 7);
        reference.add(new long[] {time, pushed});
        pushed++;
      } else {
        long[] next = reference.poll();
        assertThat(queue.peekTime()).isEqualTo(next[0]);
        assertThat(queue.peekEvent()).isEqualTo(new Numbered(next[1]));
        assertThat(queue.peekGen()).isEqualTo((int) next[1] * 7);
        queue.pop();
      }
    }
    assertThat(queue.size()).isEqualTo(reference.size());
  }

  @Test
  void aDrainedQueuePopsInTotalOrder() {
    SplittableRandom random = new SplittableRandom(11);
    EventQueue queue = new EventQueue();
    List<long[]> expected = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      long time = random.nextInt(1000);
      queue.push(time, new Numbered(i), 0);
      expected.add(new long[] {time, i});
    }
    expected.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    for (long[] e : expected) {
      assertThat(queue.peekTime()).isEqualTo(e[0]);
      assertThat(queue.peekEvent()).isEqualTo(new Numbered(e[1]));
      queue.pop();
    }
    assertThat(queue.isEmpty()).isTrue();
  }

  /**
   * The engine's use: every push at or after the last popped time, many at equal times, some with
   * sequence numbers taken earlier (a split group's members), over times from nanoseconds to
   * hours apart, so that every level of the radix buckets and bucket 0's heap are exercised.
   */
  @Test
  void monotonePushesWithEqualTimesAndReservedSequenceNumbersFollowTheReference() {
    SplittableRandom random = new SplittableRandom(5);
    EventQueue queue = new EventQueue();
    java.util.PriorityQueue<long[]> reference = new java.util.PriorityQueue<>(
        Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    long now = 0;
    List<Long> reserved = new ArrayList<>();
    for (int step = 0; step < 200_000; step++) {
      int action = random.nextInt(10);
      if (action < 5 || queue.isEmpty() && reserved.isEmpty()) {
        long delay = switch (random.nextInt(4)) {
          case 0 -> 0;
          case 1 -> random.nextInt(8);
          case 2 -> random.nextLong(100_000);
          default -> random.nextLong(1L << 42);
        };
        long seq = queue.nextSeq();
        queue.push(now + delay, new Numbered(seq), (int) seq);
        reference.add(new long[] {now + delay, seq});
      } else if (action == 5) {
        reserved.add(queue.nextSeq());
        queue.skipSeq();
      } else if (action == 6 && !reserved.isEmpty()) {
        long seq = reserved.remove(random.nextInt(reserved.size()));
        long time = now + random.nextInt(3);
        queue.pushWithSeq(time, new Numbered(seq), (int) seq, seq);
        reference.add(new long[] {time, seq});
      } else if (!queue.isEmpty()) {
        long[] next = reference.poll();
        assertThat(queue.peekTime()).isEqualTo(next[0]);
        assertThat(queue.peekEvent()).isEqualTo(new Numbered(next[1]));
        assertThat(queue.peekGen()).isEqualTo((int) next[1]);
        queue.pop();
        now = next[0];
      }
      assertThat(queue.size()).isEqualTo(reference.size());
    }
    while (!reference.isEmpty()) {
      long[] next = reference.poll();
      assertThat(queue.peekTime()).isEqualTo(next[0]);
      assertThat(queue.peekEvent()).isEqualTo(new Numbered(next[1]));
      queue.pop();
    }
    assertThat(queue.isEmpty()).isTrue();
  }

  /**
   * Blocks' entries (by id and generation) and other events' (by reference) together pop in the
   * reference's order; a block queued several times at once (stale entries and its current one)
   * comes back each time with the generation it was queued with.
   */
  @Test
  void blockEntriesAndOtherEntriesTogetherFollowTheReference() {
    SplittableRandom random = new SplittableRandom(17);
    BlockTable blocks = new BlockTable();
    EventQueue queue = new EventQueue(blocks);
    java.util.PriorityQueue<long[]> reference = new java.util.PriorityQueue<>(
        Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
    List<ResidentBlock> queued = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      queued.add(blocks.take(null, i, i, 10, 0, 0));
    }
    long now = 0;
    for (int step = 0; step < 50_000; step++) {
      if (queue.isEmpty() || random.nextInt(3) > 0) {
        long time = now + random.nextInt(1000);
        long seq = queue.nextSeq();
        if (random.nextBoolean()) {
          int which = random.nextInt(queued.size());
          ResidentBlock block = queued.get(which);
          block.gen++;
          queue.pushBlock(time, block);
          reference.add(new long[] {time, seq, which, block.gen});
        } else {
          queue.push(time, new Numbered(seq), (int) seq);
          reference.add(new long[] {time, seq, -1, seq});
        }
      } else {
        long[] next = reference.poll();
        assertThat(queue.peekTime()).isEqualTo(next[0]);
        assertThat(queue.peekEvent()).isEqualTo(
            next[2] < 0 ? new Numbered(next[1]) : queued.get((int) next[2]));
        assertThat(queue.peekGen()).isEqualTo((int) next[3]);
        queue.pop();
        now = next[0];
      }
      assertThat(queue.size()).isEqualTo(reference.size());
    }
  }
}
