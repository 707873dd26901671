package org.preemptlab.plugins.preemption.useryield;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.plugins.preemption.shared.MulDiv;

/**
 * A kernel that polls a global-memory yield flag every {@code intervalNs} of its executed time,
 * each poll costing {@code costNs} of that time. Polls complete at executed offsets {@code
 * intervalNs}, {@code 2 × intervalNs}, …; each segment is lengthened by {@code costNs} for every
 * poll that lands in it, so a segment's executed length {@code e} solves {@code e = d + cost ×
 * (polls in (S, S + e])} (found by iteration, which converges since the cost is below the
 * interval).
 *
 * @param intervalNs executed time between polls, at least 1
 * @param costNs time of one poll, at least 0 and below the interval
 */
record PollSchedule(long intervalNs, long costNs) {

  /** Validates the interval and cost. */
  PollSchedule {
    if (intervalNs < 1 || costNs < 0 || costNs >= intervalNs) {
      throw new IllegalArgumentException("need 0 <= poll cost < poll interval, got cost " + costNs
          + " ns, interval " + intervalNs + " ns");
    }
  }

  /** The program with every segment lengthened by the polls it executes. */
  BlockProgram instrument(BlockProgram program) {
    if (costNs == 0) {
      return program;
    }
    List<Segment> segments = new ArrayList<>(program.segments().size());
    long start = 0;
    for (Segment segment : program.segments()) {
      long length = segment.durationNs();
      long executed = length;
      while (true) {
        long polls = (start + executed) / intervalNs - start / intervalNs;
        long next = Math.addExact(length, Math.multiplyExact(polls, costNs));
        if (next == executed) {
          break;
        }
        executed = next;
      }
      segments.add(executed == length ? segment : segment.withDuration(executed));
      start += executed;
    }
    return new BlockProgram(segments);
  }

  /** The executed offset of the first poll at or after {@code offsetNs}. */
  long nextPoll(long offsetNs) {
    long k = Math.max(1, MulDiv.ceil(offsetNs, 1, intervalNs));
    return MulDiv.floor(k, intervalNs, 1);
  }
}
