package org.preemptlab.runner.drm;

import java.util.PriorityQueue;
import org.preemptlab.api.ConfigurationException;

/**
 * Pending events in (time, sequence) order; the sequence keeps events of one instant in the order
 * they were scheduled. Background events (timeout timers) do not keep a finished scenario alive.
 */
final class EventLoop {
  private record Event(long timeNs, long sequence, Runnable action, boolean background)
      implements Comparable<Event> {
    @Override
    public int compareTo(Event o) {
      int byTime = Long.compare(timeNs, o.timeNs);
      return byTime != 0 ? byTime : Long.compare(sequence, o.sequence);
    }
  }

  /**
   * The most events one scenario may run: a scenario that needs more (a client whose cycles never
   * end, a timer that re-arms every microsecond) fails with a message instead of running for hours.
   */
  static final long MAX_EVENTS = 20_000_000L;

  private final PriorityQueue<Event> events = new PriorityQueue<>();
  private long ran;
  private long nextSequence;
  private int foreground;

  /** Schedules {@code action} at {@code timeNs}. */
  void at(long timeNs, Runnable action, boolean background) {
    events.add(new Event(timeNs, nextSequence++, action, background));
    if (!background) {
      foreground++;
    }
  }

  /** The time of the next event, or {@link Long#MAX_VALUE} if none. */
  long nextTime() {
    return events.isEmpty() ? Long.MAX_VALUE : events.peek().timeNs();
  }

  /** Whether only background events are left. */
  boolean onlyBackground() {
    return foreground == 0;
  }

  /** Runs the next event if it is due at {@code nowNs}; returns whether one ran. */
  boolean runOneAt(long nowNs) {
    if (events.isEmpty() || events.peek().timeNs() != nowNs) {
      return false;
    }
    if (++ran > MAX_EVENTS) {
      throw new ConfigurationException("the scenario ran " + MAX_EVENTS + " events without "
          + "ending (a timer or client that repeats too often?); shorten it or its 'end'");
    }
    Event event = events.poll();
    if (!event.background()) {
      foreground--;
    }
    event.action().run();
    return true;
  }
}
