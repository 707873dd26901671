package org.preemptlab.runner.engine;

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
  BlockProgram program;
  long nominalNs;

  JobState state = JobState.SUBMITTED;
  boolean submitted;
  boolean launched;
  boolean blockedNotified;
  boolean inPlacementOrder;
  /** Held back by its own suspension (SchedulerView.suspend(JobView)). */
  boolean ownHold;
  /** Its own SM restriction, or null for its queue's. */
  org.preemptlab.api.policy.SmSet restriction;
  /** Its place in its queue's order, set when it becomes ready. */
  int queuePos = -1;
  /** The order in which jobs became ready (offered to their policy), for first in, first out. */
  int readySeq = -1;
  long dispatchSeq = -1;
  /** Its place among its queue's launched jobs (0 for the first), or -1 before launch. */
  int launchOrdinal = -1;

  long submitNs = -1;
  /** When its last dependency (declared, or its serial predecessor) finished after it was submitted, or -1. */
  long releasedNs = -1;
  long readyNs = -1;
  long dispatchNs = -1;
  long firstStartNs = -1;
  long finishNs = -1;

  int nextFreshBlock;
  /** Evicted blocks; small until a preemption fills it (most jobs are never preempted). */
  final ArrayDeque<Resumable> resumables = new ArrayDeque<>(1);
  final BlockList resident = new BlockList();
  int parked;
  int finished;
  int preemptions;
  long bytesSaved;
  long bytesRestored;
  long lostWorkNs;
  /** Preemptions of this job whose blocks have not all left their SMs. */
  int activePreemptions;
  /** SM time of its blocks that have left their SMs. */
  long attainedDoneNs;
  /** Preemptions requested because this job could not place its blocks, until it places one. */
  final List<Preemption> awaitedPreemptions = new ArrayList<>(0);
  /** Its contention classes by memory domain, or null; only {@link Contention} reads them. */
  Contention.Share[] shares;
  /** Its issue-slot classes by SM, or null; only {@link Contention} reads them. */
  Contention.Share[] issueShares;

  SimJob(Job job, int index, SimQueue queue, int credits, int shared) {
    this.job = job;
    this.kernel = job.kernel();
    this.index = index;
    this.queue = queue;
    this.credits = credits;
    this.threads = kernel.threadsPerBlock();
    this.registers = Math.toIntExact(kernel.registersPerBlock());
    this.shared = shared;
  }

  /** Blocks waiting to be placed: never started, or evicted and waiting to resume. */
  @Override
  public int pendingBlocks() {
    return kernel.gridBlocks() - nextFreshBlock + resumables.size();
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
    return attainedDoneNs + liveAttainedNs(queue.sim.now);
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
    return queue.sim.options.inOrderQueues()
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
