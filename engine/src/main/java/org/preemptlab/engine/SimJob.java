package org.preemptlab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/**
 * The engine's mutable state of one job; handed to policies as a read-only {@link JobView}. It
 * exists from the job's submission until it finishes: then its record goes into the result and the
 * engine drops it (a policy or listener that keeps the view keeps it alive, finished).
 *
 * <p>Its state is grouped by the part that owns it: every part reads it, and only the parts a
 * field's {@link OwnedBy} names write it (an architecture rule checks every write).
 */
final class SimJob implements JobView {
  final Job job;
  final Kernel kernel;
  final int index;
  final SimQueue queue;
  final int credits;
  final int threads;
  final int registers;
  final int shared;
  /** Its kernel's grid size in blocks (read per block placed and completed). */
  final int gridBlocks;
  // ---- the launcher's: its life from submission to finish ----
  /** Its program as the preemption strategy instrumented it. */
  @OwnedBy(RunJobs.class) BlockProgram program;
  /** Its program's duration, the nominal time of one block. */
  @OwnedBy(RunJobs.class) long nominalNs;
  @OwnedBy(Launcher.class) JobState state = JobState.SUBMITTED;
  @OwnedBy(Launcher.class) boolean submitted;
  @OwnedBy(Launcher.class) boolean launched;
  /** Held back by its own suspension (SchedulerView.suspend(JobView)). */
  @OwnedBy(QueueActions.class) boolean ownHold;
  /** Its place in its queue's order, set when it becomes ready. */
  @OwnedBy(Launcher.class) int queuePos = -1;
  /** The order in which jobs became ready (offered to their policy), for first in, first out. */
  @OwnedBy(Launcher.class) int readySeq = -1;
  @OwnedBy(Launcher.class) long dispatchSeq = -1;
  /** Its place among its queue's launched jobs (0 for the first), or -1 before launch. */
  @OwnedBy(Launcher.class) int launchOrdinal = -1;
  @OwnedBy(Launcher.class) long submitNs = -1;
  /** When its last dependency (declared, or its serial predecessor) finished after it was submitted, or -1. */
  @OwnedBy(Launcher.class) long releasedNs = -1;
  @OwnedBy(Launcher.class) long readyNs = -1;
  @OwnedBy(Launcher.class) long dispatchNs = -1;
  @OwnedBy(Launcher.class) long finishNs = -1;

  // ---- the policy's view: its own SM restriction ----
  /** Its own SM restriction, or null for its queue's. */
  @OwnedBy(PolicyEngine.class) org.preemptlab.api.policy.SmSet restriction;
  /**
   * Blocks it may still place while held back (SchedulerView.pad: padding), on {@link #padSms};
   * 0 for none.
   */
  @OwnedBy({PolicyEngine.class, BlockScheduler.class}) int padBlocks;
  /** The SMs its padded blocks may use (meaningful while {@link #padBlocks} is above 0). */
  @OwnedBy(PolicyEngine.class) org.preemptlab.api.policy.SmSet padSms;
  /** The most of its blocks resident on one of {@link #padSms} while padded (REEF's rounds). */
  @OwnedBy(PolicyEngine.class) int padPerSm = Integer.MAX_VALUE;

  // ---- block placement's (BlockScheduler and its parts): its blocks on and off the SMs ----
  @OwnedBy(BlockScheduler.class) boolean blockedNotified;
  @OwnedBy(BlockScheduler.class) boolean inPlacementOrder;
  @OwnedBy(BlockResidency.class) long firstStartNs = -1;
  @OwnedBy(BlockScheduler.class) int nextFreshBlock;
  /** Evicted blocks; small until a preemption fills it (most jobs are never preempted). */
  @OwnedBy({BlockScheduler.class, ContextParking.class})
  final ArrayDeque<Resumable> resumables = new ArrayDeque<>(1);
  @OwnedBy(BlockResidency.class) final BlockList resident;
  /**
   * Links of the placement's set of jobs with blocks on an SM, in the order they entered it (the
   * order a {@link java.util.LinkedHashSet} keeps), without a hash per entry and exit.
   */
  @OwnedBy(BlockResidency.class) SimJob previousResident;
  @OwnedBy(BlockResidency.class) SimJob nextResident;
  /** Blocks a context switch saved, waiting for their context's turn. */
  @OwnedBy(ContextParking.class) int parked;
  @OwnedBy(BlockResidency.class) int finished;
  @OwnedBy({BlockScheduler.class, ContextParking.class}) long bytesRestored;
  /** SM time of its blocks that have left their SMs. */
  @OwnedBy(BlockResidency.class) long attainedDoneNs;

  // ---- the preemptor's: preemptions of it and for it ----
  @OwnedBy(Preemptor.class) int preemptions;
  @OwnedBy(Preemptor.class) long lostWorkNs;
  /** Preemptions of this job whose blocks have not all left their SMs. */
  @OwnedBy(Preemptor.class) int activePreemptions;
  /** Context bytes saved: by preemptions, and by time-slice switches (placement parks blocks). */
  @OwnedBy({Preemptor.class, ContextParking.class}) long bytesSaved;
  /**
   * Preemptions requested because this job could not place its blocks, until it places one (then
   * placement clears them).
   */
  @OwnedBy({Preemptor.class, BlockScheduler.class})
  final List<Preemption> awaitedPreemptions = new ArrayList<>(0);

  // ---- contention's ----
  /** Its contention classes by memory domain, or null; only {@link Contention} reads them. */
  @OwnedBy(Contention.class) Contention.Share[] shares;
  /** Its issue-slot classes by SM, or null; only {@link Contention} reads them. */
  @OwnedBy(Contention.class) Contention.Share[] issueShares;

  SimJob(Job job, int index, SimQueue queue, int credits, int shared, BlockTable blocksById) {
    this.job = job;
    this.resident = new BlockList(blocksById);
    this.kernel = job.kernel();
    this.index = index;
    this.queue = queue;
    this.credits = credits;
    this.threads = kernel.threadsPerBlock();
    this.registers = Math.toIntExact(kernel.registersPerBlock());
    this.shared = shared;
    this.gridBlocks = kernel.gridBlocks();
  }

  /** Blocks waiting to be placed: never started, or evicted and waiting to resume. */
  @Override
  public int pendingBlocks() {
    return gridBlocks - nextFreshBlock + resumables.size();
  }

  /** Whether {@link #pendingBlocks()} is above 0, without counting the preempted blocks. */
  boolean hasBlocksToPlace() {
    return nextFreshBlock < gridBlocks || !resumables.isEmpty();
  }

  /**
   * The SMs its next padded block may use: {@link #padSms} less those that already hold {@link
   * #padPerSm} of its blocks.
   */
  org.preemptlab.api.policy.SmSet padRoom() {
    if (padPerSm == Integer.MAX_VALUE) {
      return padSms;
    }
    int[] perSm = new int[padSms.end()];
    for (int i = 0; i < resident.size(); i++) {
      int sm = resident.get(i).sm;
      if (sm < perSm.length) {
        perSm[sm]++;
      }
    }
    return org.preemptlab.api.policy.SmSet.of(
        padSms.stream().filter(sm -> perSm[sm] < padPerSm).toArray());
  }

  void addResident(ResidentBlock block) {
    resident.append(block);
  }

  void removeResident(ResidentBlock block) {
    resident.swapRemove(block);
  }

  @Override
  public Job job() {
    return job;
  }

  @Override
  public JobQueue queue() {
    return queue.spec;
  }

  @Override
  public JobState state() {
    return state;
  }

  @Override
  public long readyTimeNs() {
    return readyNs;
  }

  @Override
  public long firstStartNs() {
    return firstStartNs;
  }

  @Override
  public long finishTimeNs() {
    return finishNs;
  }

  @Override
  public int residentBlocks() {
    return resident.size();
  }

  @Override
  public int finishedBlocks() {
    return finished;
  }

  @Override
  public int preemptions() {
    return preemptions;
  }

  @Override
  public long attainedGpuNs() {
    return attainedDoneNs + liveAttainedNs(queue.run.now());
  }

  /** SM time executed up to {@code now} by its blocks still resident. */
  long liveAttainedNs(long now) {
    long total = 0;
    for (int i = 0, n = resident.size(); i < n; i++) {
      total += resident.get(i).executedNs(now);
    }
    return total;
  }

  @Override
  public boolean preemptionPending() {
    return activePreemptions > 0;
  }

  @Override
  public boolean heldBack() {
    return ownHold || queue.deactivated();
  }

  @Override
  public Priority priority() {
    return queue.priority;
  }

  /**
   * Whether it must wait for the job launched before it in its queue to finish first (queues run
   * in order, as a CUDA stream: {@link EngineOptions#inOrderQueues()}).
   */
  boolean waitsInQueue() {
    return queue.run.options.inOrderQueues()
        && launchOrdinal != queue.launchedEver - queue.launched;
  }

  /** The SMs its blocks may use, or null for all. */
  org.preemptlab.api.policy.SmSet allowedSms() {
    return restriction != null ? restriction : queue.defaultSms();
  }

  /** Whether it is launched and not finished. */
  boolean inFlight() {
    return state == JobState.DISPATCHED || state == JobState.RUNNING;
  }

  @Override
  public String toString() {
    return "job " + job.id() + " (queue '" + job.queueId() + "')";
  }

  /** A block evicted from its SM, waiting to resume where it stopped. */
  record Resumable(int blockIndex, long realDurationNs, long realDoneNs, long restoreBytes) {}
}
