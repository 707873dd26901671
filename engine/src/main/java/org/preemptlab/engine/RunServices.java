package org.preemptlab.engine;

import java.util.concurrent.CancellationException;
import java.util.random.RandomGenerator;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.policy.JobView;

/**
 * What every part of one run shares and none owns: the clock, the event queue and its count, the
 * blocks by id, the subscribers to the run's signals, the count of policy decisions, the options,
 * the hardware model with its cost stream, and the plugins. A part is given this and the narrow
 * interfaces of the parts it works with ({@link Placement}, {@link JobLifecycle}, ...), never the
 * {@link Simulator}: the simulator assembles the parts and runs the loop; the parts do not reach
 * into each other.
 */
final class RunServices {
  /** More events than this at one instant means the simulation no longer advances. */
  static final long MAX_EVENTS_PER_INSTANT = 10_000_000;

  final HardwareModel hardware;
  final DeviceSpec device;
  /** The hardware model's cost stream for this run. */
  final RandomGenerator costs;
  final RunPlugins plugins;
  final EngineOptions options;
  /** The run's blocks by id (see {@link BlockList}). */
  final BlockTable blocks = new BlockTable();
  final EventQueue events = new EventQueue(blocks);
  /** How often the policy departed from the hardware's own order; every part counts its own. */
  final PolicyDecisions.Counter decisions = new PolicyDecisions.Counter();
  private EngineListener listener;
  private long now;
  private long eventCount;
  /** The event count beyond which the current instant makes no progress. */
  private long instantEnd;

  RunServices(HardwareModel hardware, RunPlugins plugins, EngineOptions options) {
    this.hardware = hardware;
    this.device = hardware.device();
    this.costs = hardware.newCostStream();
    this.plugins = plugins;
    this.options = options;
  }

  /** The current simulated time in ns. */
  long now() {
    return now;
  }

  /** The subscribers to the run's signals, as one listener, or null when nothing listens. */
  EngineListener listener() {
    return listener;
  }

  void subscribe(EngineListener subscriber) {
    listener = EngineSignals.plus(listener, subscriber);
  }

  /** The loop moves to the next instant; the count of its events starts. */
  void startInstant(long time) {
    now = time;
    instantEnd = eventCount + MAX_EVENTS_PER_INSTANT;
  }

  /** Events handled so far. */
  long eventCount() {
    return eventCount;
  }

  /**
   * Counts one event (a block completing as a member of a group counts as the event it would have
   * been), checking for an interrupted thread and for an instant that no longer advances.
   */
  void countEvent() {
    eventCount++;
    if ((eventCount & 0xFFFF) == 0 && Thread.currentThread().isInterrupted()) {
      throw new CancellationException("run interrupted at simulated time " + now + " ns after "
          + eventCount + " events");
    }
    if (eventCount > instantEnd) {
      throw new InvariantViolationException("more than " + MAX_EVENTS_PER_INSTANT
          + " events at simulated time " + now + " ns: the run makes no progress (does policy '"
          + plugins.policyId() + "' keep asking for a timer at the same instant?)");
    }
  }

  /** The engine's job behind a view a policy handed back; fails if the view is not this run's. */
  SimJob own(JobView view, String verb) {
    // A finished job's state is no longer in the launcher's table, but a policy may still hand
    // its view back (the callers check its state).
    if (view instanceof SimJob job && job.queue.run == this) {
      return job;
    }
    throw new InvariantViolationException("policy '" + plugins.policyId() + "' " + verb
        + " a job view that this run did not hand out: " + view);
  }
}
