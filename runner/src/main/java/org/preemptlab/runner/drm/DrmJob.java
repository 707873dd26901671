package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.preemptlab.runner.scenario.DependencySpec;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.Step;

/** The mutable state of one job of the DRM scheduler layer: its fences, flags and times. */
final class DrmJob {
  final long id;
  final String name;
  final DrmEntity entity;
  final long durationNs;
  final boolean dontReset;
  final List<DependencySpec> dependencies;
  long credits;
  DrmScheduler sched;
  JobStatus status = JobStatus.NOT_SUBMITTED;
  final Set<Step.MockFlag> flags = EnumSet.noneOf(Step.MockFlag.class);
  long submitNs = -1;
  long scheduledNs = -1;
  /** The scheduled fence's timestamp, moved forward when the previous pending job is freed. */
  long scheduledStampNs = -1;
  long finishedNs = -1;
  long freedNs = -1;
  boolean scheduledSignalled;
  boolean finishedSignalled;
  FenceError finishedError = FenceError.NONE;
  boolean hwSignalled;
  FenceError hwError = FenceError.NONE;
  long seqno;
  long finishAtNs;
  /**
   * On SM hardware: the job's kernels in the engine's workload, {@code kernelCount} from {@code
   * firstKernel} on (one per run: the first, and each KARMA resubmission), the one it runs or ran
   * last, and whether it is on the SMs.
   */
  int firstKernel = -1;
  int kernelCount;
  int kernelIndex = -1;
  boolean onHardware;
  /** On SM hardware: whether its kernel's blocks never finish ({@code hang: true}). */
  boolean hung;
  int karma;
  int depIndex;
  DrmJobView view;
  /** Actions waiting for the scheduled or finished fence, or for the job to be armed. */
  final List<Runnable> onScheduled = new ArrayList<>();
  final List<Runnable> onFinished = new ArrayList<>();
  final List<Runnable> onArmed = new ArrayList<>();

  DrmJob(long id, String name, DrmEntity entity, long credits, long durationNs, boolean dontReset,
      List<DependencySpec> dependencies) {
    this.id = id;
    this.name = name;
    this.entity = entity;
    this.credits = credits;
    this.durationNs = durationNs;
    this.dontReset = dontReset;
    this.dependencies = dependencies;
  }

  boolean armed() {
    return submitNs >= 0 && status != JobStatus.REJECTED;
  }

  /** Whether the job is in a final state (its finished fence signalled, or it never will run). */
  boolean terminal() {
    return switch (status) {
      case FINISHED, FINISHED_GUILTY, TIMED_OUT, GUILTY_CANCELLED, DEVICE_GONE, KILLED, CANCELLED,
          REJECTED, PUSHED_TO_KILLED_ENTITY, DONE_NOT_FREED -> true;
      default -> false;
    };
  }

  void signalScheduled(long nowNs) {
    if (scheduledSignalled) {
      return;
    }
    scheduledSignalled = true;
    if (scheduledNs < 0) {
      scheduledNs = nowNs;
    }
    fire(onScheduled);
  }

  void signalFinished(long nowNs, FenceError error) {
    if (finishedSignalled) {
      return;
    }
    finishedSignalled = true;
    finishedNs = nowNs;
    if (finishedError == FenceError.NONE) {
      finishedError = error;
    }
    fire(onFinished);
  }

  private static void fire(List<Runnable> waiters) {
    List<Runnable> copy = List.copyOf(waiters);
    waiters.clear();
    copy.forEach(Runnable::run);
  }

  @Override
  public String toString() {
    return name;
  }
}
