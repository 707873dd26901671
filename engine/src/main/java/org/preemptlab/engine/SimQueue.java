package org.preemptlab.engine;

import java.util.Optional;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SmSet;

/**
 * The engine's state of one queue: the order of its jobs, the one that is ready, its
 * current priority, weight, suspension and SM restriction; handed to policies as a {@link
 * QueueView}.
 */
final class SimQueue implements QueueView {
  final JobQueue spec;
  final SimContext context;
  final PolicyEngine engine;
  /** The run's shared services (its clock and options). */
  final RunServices run;
  /** Block placement, for its blocks' live SM time (set when the launcher is connected). */
  @OwnedBy({Launcher.class, PolicyEngine.class}) Placement placement;
  /**
   * Its jobs' indices in submission order (then workload order), the first {@link #orderSize} of
   * the array; {@link #head} is the next. An application's queue grows as it submits.
   */
  @OwnedBy(SimQueue.class) int[] order;
  @OwnedBy(SimQueue.class) int orderSize;
  @OwnedBy(Launcher.class) int head;
  /** The application whose queue this is, or null for a queue of the workload. */
  @OwnedBy({ApplicationHost.class, ApplicationFailure.class}) ApplicationHost application;
  @OwnedBy(Launcher.class) SimJob readyJob;
  @OwnedBy(QueueActions.class) Priority priority;
  @OwnedBy({QueueActions.class, PolicyEngine.class}) int weight;
  @OwnedBy(QueueActions.class) SuspendLevel suspension;
  @OwnedBy(QueueActions.class) Suspension openSuspension;
  @OwnedBy(PolicyEngine.class) SmSet restriction;
  /** The SMs the run's spatial sharing confines it to (MPS share, MIG instance, green context), or null. */
  @OwnedBy(Simulator.class) SmSet partition;
  /** Jobs launched and not finished. */
  @OwnedBy(Launcher.class) int launched;
  @OwnedBy(Launcher.class) int submitted;
  @OwnedBy(Launcher.class) int launchedEver;
  /** When the launch of its last launched job ended, or {@link Long#MIN_VALUE} before any. */
  @OwnedBy(Launcher.class) long lastLaunchEndNs = Long.MIN_VALUE;
  /**
   * Launch ordinals of finished jobs whose window slots are not yet free: with a launch batch
   * above 1 a slot frees only when a synchronisation point finishes (XSched's progressive
   * launching); null with batch 1.
   */
  final java.util.PriorityQueue<Integer> unretired;
  @OwnedBy(BlockResidency.class) int residentBlocks;
  /** Its in-flight window and launch batch: its own if its {@link JobQueue} sets them. */
  final int launchWindow;
  final int launchBatch;
  /** SM time of blocks of this queue that have left their SMs. */
  @OwnedBy(BlockResidency.class) long attainedDoneNs;

  SimQueue(JobQueue spec, SimContext context, PolicyEngine engine, RunServices run) {
    this.spec = spec;
    this.context = context;
    this.engine = engine;
    this.run = run;
    this.priority = spec.priority();
    this.weight = spec.weight();
    // The queue's own launch window and batch (JobQueue.launchWindow/launchBatch), else the engine's.
    this.launchWindow = spec.launchWindow() > 0 ? spec.launchWindow() : run.options.launchWindow();
    this.launchBatch = spec.launchBatch() > 0 ? spec.launchBatch() : run.options.launchBatch();
    com.google.common.base.Preconditions.checkArgument(launchBatch <= launchWindow,
        "queue '%s': its launch batch (%s) exceeds its launch window (%s); set launch-batch on the"
            + " queue or lower engine.launch-batch", spec.id(), launchBatch, launchWindow);
    this.unretired = launchBatch > 1 ? new java.util.PriorityQueue<>() : null;
  }

  /** Sets the order of the workload's jobs, before the run. */
  void setOrder(int[] order) {
    this.order = order;
    this.orderSize = order.length;
  }

  /** Appends a job submitted during the run (an application's) to its order. */
  void append(int index) {
    if (orderSize == order.length) {
      order = java.util.Arrays.copyOf(order, Math.max(8, orderSize * 2));
    }
    order[orderSize++] = index;
  }

  /** Slots of its launch window taken: jobs launched and not finished, or finished unretired. */
  int windowTaken() {
    return unretired == null ? launched : launched + unretired.size();
  }

  /**
   * A launched job finished: with a launch batch, frees the slots of the finished jobs up to it if
   * it is a synchronisation point (every batch-th launch), or of all if none of the queue's jobs is
   * in flight any more (any synchronisation returns at once); otherwise its slot stays taken.
   */
  void retire(SimJob job) {
    if (unretired == null) {
      return;
    }
    if (launched == 0) {
      unretired.clear();
    } else if ((job.launchOrdinal + 1) % launchBatch == 0) {
      while (!unretired.isEmpty() && unretired.peek() < job.launchOrdinal) {
        unretired.poll();
      }
    } else {
      unretired.add(job.launchOrdinal);
    }
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
  public Optional<SmSet> partition() {
    return Optional.ofNullable(partition);
  }

  /** The SMs its jobs may use when neither they nor it are restricted by a policy, or null for all. */
  SmSet defaultSms() {
    return restriction != null ? restriction : partition;
  }

  @Override
  public long attainedGpuNs() {
    long total = attainedDoneNs;
    for (SimJob job : placement.residentJobs()) {
      if (job.queue == this) {
        total += job.liveAttainedNs(run.now());
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
    @OwnedBy(QueueActions.class) long quietNs = -1;

    Suspension(SuspendLevel level, long requestNs) {
      this.level = level;
      this.requestNs = requestNs;
    }
  }
}
