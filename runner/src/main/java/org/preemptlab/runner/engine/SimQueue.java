package org.preemptlab.runner.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SmSet;

/**
 * The engine's state of one queue: its jobs in submission order, the one that is ready, its
 * current priority, weight, suspension and SM restriction; handed to policies as a {@link
 * QueueView}.
 */
final class SimQueue implements QueueView {
  final JobQueue spec;
  final SimContext context;
  final PolicyEngine engine;
  final Simulator sim;
  final List<SimJob> jobs = new ArrayList<>();
  int head;
  SimJob readyJob;
  Priority priority;
  int weight;
  SuspendLevel suspension;
  Suspension openSuspension;
  SmSet restriction;
  /** Jobs launched and not finished. */
  int launched;
  int submitted;
  int launchedEver;
  int residentBlocks;
  /** SM time of blocks of this queue that have left their SMs. */
  long attainedDoneNs;

  SimQueue(JobQueue spec, SimContext context, PolicyEngine engine, Simulator sim) {
    this.spec = spec;
    this.context = context;
    this.engine = engine;
    this.sim = sim;
    this.priority = spec.priority();
    this.weight = spec.weight();
  }

  /** Whether launched jobs of this queue are held back by its suspension. */
  boolean deactivated() {
    return suspension != null && suspension.compareTo(SuspendLevel.DEACTIVATE) >= 0;
  }

  @Override
  public JobQueue spec() {
    return spec;
  }

  @Override
  public Priority priority() {
    return priority;
  }

  @Override
  public int weight() {
    return weight;
  }

  @Override
  public Optional<SuspendLevel> suspension() {
    return Optional.ofNullable(suspension);
  }

  @Override
  public long attainedGpuNs() {
    long total = attainedDoneNs;
    for (SimJob job : sim.blocks.residentJobs) {
      if (job.queue == this) {
        total += job.liveAttainedNs(sim.now);
      }
    }
    return total;
  }

  @Override
  public int launchedJobs() {
    return launched;
  }

  @Override
  public int waitingJobs() {
    return submitted - launchedEver;
  }

  @Override
  public String toString() {
    return "queue '" + spec.id() + "'";
  }

  /** A suspension under way, until the queue is resumed. */
  static final class Suspension {
    final SuspendLevel level;
    final long requestNs;
    long quietNs = -1;

    Suspension(SuspendLevel level, long requestNs) {
      this.level = level;
      this.requestNs = requestNs;
    }
  }
}
