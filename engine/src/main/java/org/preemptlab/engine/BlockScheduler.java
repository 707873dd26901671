package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.preemptlab.api.hardware.SaveKind;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * Placement: the hardware block scheduler. Launched jobs with blocks to place wait in placement
 * order ({@link PlacementOrder}: by default higher queue priority first, then launch order; a
 * policy may rank them itself with {@link SchedulingPolicy#placementOrder()}). After the events
 * of each instant, jobs are served in that order; each block goes to the SM with the most free
 * thread slots among those the job may use (lowest index on ties). A job that fits nowhere stops
 * the jobs behind it (in-order dispatch), unless it is restricted to a set of SMs (a partition
 * serves its own jobs); held-back jobs are skipped. Every job that could not place is reported
 * once to its policy ({@link SchedulingPolicy#onJobBlocked}).
 *
 * <p>It is the one door to the blocks on the device, in three parts of its own: their residency
 * on SMs ({@link BlockResidency}), the completion of blocks in groups ({@link BlockGroups}, a
 * protocol no other part sees: a preemption, a switch or a reset first has a job's groups split
 * here) and the parking of a context's blocks in a time-slice switch ({@link ContextParking}).
 */
final class BlockScheduler implements Placement, Eviction, ContextResidency {
  private final RunServices run;
  private final SmArray sms;
  /** The launcher, asked whether holds were used ({@link #connect}). */
  private JobLifecycle lifecycle;
  /** The preemptor, told of blocks that a preemption stopped ({@link #connect}). */
  private StopPoints stops;
  /** Launched jobs with blocks to place, in the order placement serves them. */
  private final PlacementOrder order;
  /** The blocks on SMs and the jobs they belong to. */
  private final BlockResidency residency;
  /** Blocks that complete in groups. */
  private final BlockGroups groups;
  /** The blocks of contexts a time-slice switch took the device from. */
  private final ContextParking parking;
  private final List<SimJob> newlyBlocked = new ArrayList<>();
  /**
   * Whether any policy listens to onJobBlocked (otherwise no job is noted as blocked, and the walk
   * behind a blocked job is skipped).
   */
  private final boolean blockedListeners;
  /** The blocked job whose onJobBlocked callback is running: preemptions requested are for it. */
  private SimJob blockedJobInCallback;
  /** The device's block dispatch latency (read per block placed). */
  private final long blockDispatchNs;
  /** Whether a queue's launched jobs run one after another ({@link EngineOptions#inOrderQueues}). */
  private final boolean inOrderQueues;
  /**
   * Whether a job's blocks are placed in one run ({@link #placeRun}): with aggregation
   * on and no contention model (which re-rates residents as each block joins).
   */
  private final boolean bulk;
  /** The SMs of the run {@link #placeRun} places, in placement order. */
  private int[] runSms = new int[0];

  BlockScheduler(RunServices run, SmArray sms, Contention contention,
      Comparator<JobView> ranking, boolean blockedListeners, EventRuns runs) {
    this.run = run;
    this.sms = sms;
    this.order = new PlacementOrder(run, ranking);
    this.residency = new BlockResidency(run, sms, contention);
    this.groups = new BlockGroups(run, residency,
        run.options.aggregateBlocks() && contention == null, runs);
    this.parking = new ContextParking(run, sms, residency, groups, this);
    this.blockedListeners = blockedListeners;
    this.blockDispatchNs = run.device.costs().blockDispatchNs();
    this.inOrderQueues = run.options.inOrderQueues();
    this.bulk = run.options.aggregateBlocks() && contention == null;
  }

  /** Connects the parts it tells of what happens to blocks; call once, before the run. */
  void connect(JobLifecycle lifecycle, StopPoints stops) {
    this.lifecycle = lifecycle;
    this.stops = stops;
    residency.connect(lifecycle, stops);
    parking.connect(stops);
  }

  @Override
  public Set<SimJob> residentJobs() {
    return residency.residentJobs();
  }

  @Override
  public SimJob blockedJobInCallback() {
    return blockedJobInCallback;
  }

  /** Blocks that ran to their end so far. */
  long blocksExecuted() {
    return residency.blocksExecuted();
  }

  /** Blocks that completed as members of a group, without an event of their own. */
  long groupedCompletions() {
    return groups.groupedCompletions();
  }

  /** Members of groups that a split gave their own event. */
  long splitMembers() {
    return groups.splitMembers();
  }

  /** Blocks that joined a group as they resumed with progress from an earlier residency. */
  long resumedMembers() {
    return groups.resumedMembers();
  }

  @Override
  public boolean deviceBusy() {
    return residency.anyResident() || order.size() > 0;
  }

  @Override
  public boolean contextBusy(SimContext context) {
    return context.residentBlocks > 0 || context.pendingJobs > 0 || !context.parked.isEmpty();
  }

  @Override
  public void enter(SimJob job) {
    if (job.launched && !job.inPlacementOrder && job.pendingBlocks() > 0) {
      job.inPlacementOrder = true;
      order.add(job);
      SimContext context = job.queue.context;
      if (context.pendingJobs++ == 0 && context.parked.isEmpty()) {
        context.runnableSinceNs = run.now();
      }
    }
  }

  /**
   * Orders different MPS clients' jobs neutrally (docs/sharing.md, {@code client-ordering:
   * neutral}) instead of by one hardware order across contexts; call before the run.
   */
  void orderClientsNeutrally() {
    order.orderClientsNeutrally();
  }

  /** A job with no block left to place (or dropped) leaves placement order. */
  private void leave(SimJob job) {
    job.inPlacementOrder = false;
    job.queue.context.pendingJobs--;
  }

  @Override
  public void reorder(SimQueue queue, Runnable change) {
    order.reorder(queue, change);
  }

  /**
   * Places every block that can be placed now, in placement order.
   *
   * @param only the context that has the device while contexts take turns, else null (every
   *     context's jobs are placed)
   */
  void placeAll(SimContext only) {
    order.prepareForPass();
    SimJob stoppedBy = null;
    for (int i = 0; i < order.size(); i++) {
      SimJob job = order.get(i);
      if (only != null && job.queue.context != only) {
        continue;
      }
      if (inOrderQueues && job.waitsInQueue()) {
        continue;
      }
      if (job.heldBack()) {
        if (job.padBlocks > 0 && stoppedBy == null && pad(job)) {
          order.removeAt(i--);
          leave(job);
        }
        continue;
      }
      job.padBlocks = 0; // an allowance lapses once the job is no longer held
      if (stoppedBy != null) {
        if (!blockedListeners) {
          break;
        }
        markBlocked(job);
        continue;
      }
      SmSet allowed = job.allowedSms();
      boolean placed = false;
      if (bulk && allowed == null) {
        placed = placeRun(job);
      }
      while (job.hasBlocksToPlace()) {
        int sm = allowed == null ? sms.findBest(job.threads, job.registers, job.shared)
            : sms.findBestIn(allowed, job.threads, job.registers, job.shared);
        if (sm < 0) {
          break;
        }
        placeBlock(job, sm);
        placed = true;
      }
      if (placed) {
        job.blockedNotified = false;
      }
      if (job.pendingBlocks() > 0) {
        markBlocked(job);
        if (allowed == null) {
          stoppedBy = job;
        }
      } else {
        order.removeAt(i--);
        leave(job);
      }
    }
    if (!newlyBlocked.isEmpty()) {
      for (int i = 0; i < newlyBlocked.size(); i++) {
        SimJob job = newlyBlocked.get(i);
        PolicyEngine engine = job.queue.engine;
        blockedJobInCallback = job; // preemptions requested now are on its behalf
        engine.policy().onJobBlocked(job, engine);
      }
      blockedJobInCallback = null;
      newlyBlocked.clear();
    }
  }

  /**
   * Places blocks of a held job within its padding allowance, on its padding SMs only; returns
   * whether it has no block left to place. A padded job is never reported blocked: the allowance
   * is what room it finds.
   */
  private boolean pad(SimJob job) {
    while (job.padBlocks > 0 && job.pendingBlocks() > 0) {
      int sm = sms.findBestIn(job.padRoom(), job.threads, job.registers, job.shared);
      if (sm < 0) {
        break;
      }
      placeBlock(job, sm);
      job.padBlocks--;
    }
    return job.pendingBlocks() == 0;
  }

  /**
   * Notes a job left with blocks to place, for {@code onJobBlocked} at the end of the pass; nothing
   * to note when no policy listens (the call would do nothing, and it would come at almost every
   * instant while a kernel waits for room).
   */
  private void markBlocked(SimJob job) {
    if (blockedListeners && !job.blockedNotified) {
      job.blockedNotified = true;
      newlyBlocked.add(job);
    }
  }

  /**
   * Places a job's blocks to place (those a preemption stopped first, then fresh ones) in one
   * run: the SM index allocates them all ({@link SmArray#allocateRun}: they all have the job's
   * shape), on the SMs that one search per block would choose, and each block then starts and
   * queues its completion in the same order as {@link #placeBlock} would have them (so restores,
   * events, groups and sequence numbers are the same; nothing in a block's start reads the SMs'
   * resources). Returns whether it placed any.
   */
  private boolean placeRun(SimJob job) {
    int n = job.pendingBlocks();
    if (n <= 0) {
      return false;
    }
    if (runSms.length < n) {
      runSms = new int[Math.max(n, 2 * runSms.length)];
    }
    int[] smsOfRun = runSms;
    long now = run.now();
    int placed = sms.allocateRun(job.threads, job.registers, job.shared, n, smsOfRun, now);
    if (placed == 0) {
      return false;
    }
    waiterPlaced(job);
    int i = 0;
    while (i < placed && !job.resumables.isEmpty()) {
      startNext(job, smsOfRun[i++], true);
    }
    long start = now + blockDispatchNs;
    for (; i < placed; i++) { // (a loop of its own: the fresh blocks of a wave are the most)
      startFresh(job, smsOfRun[i], start, true);
    }
    return true;
  }

  private void placeBlock(SimJob job, int sm) {
    waiterPlaced(job);
    startNext(job, sm, false);
  }

  /** The preemptions a job waited for learn that it places a block now. */
  private void waiterPlaced(SimJob job) {
    if (!job.awaitedPreemptions.isEmpty()) {
      for (Preemption preemption : job.awaitedPreemptions) {
        preemption.waiterPlacedNs = run.now();
      }
      job.awaitedPreemptions.clear();
    }
  }

  /**
   * Starts the job's next block on {@code sm} (one a preemption stopped first, with its restore,
   * else its next fresh one) and queues its completion; {@code allocated}: its SM resources are
   * already taken.
   */
  private void startNext(SimJob job, int sm, boolean allocated) {
    if (job.resumables.isEmpty()) {
      startFresh(job, sm, run.now() + blockDispatchNs, allocated);
      return;
    }
    SimJob.Resumable resume = job.resumables.pollFirst();
    int blockIndex = resume.blockIndex();
    long restoreNs = 0;
    if (resume.restoreBytes() > 0) {
      restoreNs = PluginReturns.hardwareTime(run.hardware.restoreNs(resume.restoreBytes(),
          job.threads, SaveKind.PREEMPTION, run.costs), run.hardware, "restoreNs");
      job.bytesRestored += resume.restoreBytes();
    }
    long start = run.now() + blockDispatchNs + restoreNs;
    ResidentBlock block = residency.newBlock(job, sm, blockIndex, resume.realDurationNs(),
        resume.realDoneNs(), start);
    residency.start(block, allocated);
    groups.queueCompletion(block, true);
    if (run.listener() != null && restoreNs > 0) {
      run.listener().contextRestored(sm, block.slot, job, blockIndex, start - restoreNs, start,
          resume.restoreBytes());
    }
  }

  /** Starts the job's next fresh block on {@code sm} at {@code start}, as {@link #startNext}. */
  private void startFresh(SimJob job, int sm, long start, boolean allocated) {
    int blockIndex = job.nextFreshBlock++;
    long realDuration = job.kernel.timing().durationNs(blockIndex, job.nominalNs);
    if (realDuration < 1) {
      throw new IllegalStateException("block " + blockIndex + " of " + job + " lasts "
          + realDuration + " ns");
    }
    ResidentBlock block = residency.newBlock(job, sm, blockIndex, realDuration, 0, start);
    residency.start(block, allocated);
    groups.queueCompletion(block, true);
  }

  /**
   * {@inheritDoc} Its blocks' groups are split first ({@link BlockGroups}): each block is stopped,
   * saved or flushed by its own event.
   */
  @Override
  public void prepareToPreempt(SimJob victim) {
    groups.split(victim);
  }

  @Override
  public void evict(ResidentBlock block, SimJob.Resumable resume) {
    SimJob job = block.job;
    residency.release(block);
    residency.recycle(block); // its save is written or it was flushed: nothing refers to it now
    job.resumables.addLast(resume);
    enter(job);
  }

  /**
   * {@inheritDoc} Without a contention model (which re-rates the SM's other blocks at each
   * departure) and without a suspension of the job's queue waiting for it to go quiet (which each
   * departure checks); an eviction tells no listener.
   */
  @Override
  public boolean canEvictTogether(SimJob job) {
    return bulk && job.queue.openSuspension == null;
  }

  /**
   * {@inheritDoc} As {@link BlockGroups}' groups that complete together: each block is vacated in
   * order (its slot, its place in its job's list, the pool; the list emptied at once if they are all
   * of it), their SMs' resources are freed in one run ({@link SmArray#releaseRun}) and the sums
   * added once. The job's entry into placement order is that of the first eviction before them.
   */
  @Override
  public void evictTogether(ResidentBlock[] blocks, SimJob.Resumable[] resumes, int from,
      int to) {
    SimJob job = blocks[from].job;
    int count = to - from;
    boolean wholeList = job.resident.size() == count;
    if (runSms.length < count) {
      runSms = new int[Math.max(count, 2 * runSms.length)];
    }
    int[] smsOfBlocks = runSms;
    long executed = 0;
    for (int i = from; i < to; i++) {
      ResidentBlock block = blocks[i];
      smsOfBlocks[i - from] = block.sm;
      executed += residency.vacate(block, !wholeList);
      job.resumables.addLast(resumes[i]);
    }
    residency.releaseSms(job, smsOfBlocks, count);
    residency.leftTogether(job, count, executed, wholeList);
    enter(job);
  }

  @Override
  public boolean hasResidentBlocks(SimContext context) {
    return context.residentBlocks > 0;
  }

  @Override
  public boolean hasParkedBlocks(SimContext context) {
    return parking.hasParkedBlocks(context);
  }

  @Override
  public Parking park(SimContext context, long reactionNs) {
    return parking.park(context, reactionNs);
  }

  @Override
  public void parked(Parking parked) {
    parking.parked(parked);
  }

  @Override
  public long unpark(SimContext context) {
    return parking.unpark(context);
  }

  /** A block's event: it completes (with its group, if it leads one), reaches its stop point, or is flushed. */
  void blockEvent(ResidentBlock block) {
    switch (block.state) {
      case ResidentBlock.RUNNING, ResidentBlock.DRAINING -> groups.completionDue(block);
      case ResidentBlock.STOPPING -> stops.reachStopPoint(block);
      case ResidentBlock.FLUSHING -> stops.flush(block);
      default -> throw new AssertionError(block.state);
    }
  }

  /**
   * {@inheritDoc} Their queued completions become stale. A block that a context switch is parking
   * leaves now too (the switch's {@link #parked} then skips it), and blocks a switch has parked
   * are never restored.
   */
  @Override
  public void drop(SimJob job) {
    groups.split(job); // each member's event must go stale as its own, as block by block
    while (job.resident.size() > 0) {
      ResidentBlock block = job.resident.get(job.resident.size() - 1);
      boolean parkingBlock = block.state == ResidentBlock.PARKING;
      if (run.listener() != null && !parkingBlock) { // (a parking block was reported switched out)
        run.listener().blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
            run.now(), EngineListener.BlockEnd.FLUSHED);
      }
      block.execEndNs = Math.min(block.execEndNs, run.now());
      residency.release(block);
      if (parkingBlock) {
        block.state = ResidentBlock.DROPPED;
        residency.retire(block); // the switch's parking still refers to it
      } else {
        residency.recycle(block);
      }
    }
    parking.forget(job);
    job.nextFreshBlock = job.gridBlocks;
    job.resumables.clear();
    if (job.inPlacementOrder) {
      order.remove(job);
      leave(job);
    }
  }

  @Override
  public ActionOutcome checkSmSet(SmSet set) {
    if (set != null && set.stream().noneMatch(sm -> sm < sms.count())) {
      return ActionOutcome.refused(set + " holds no SM of '" + run.device.name() + "' (SMs 0 to "
          + (sms.count() - 1) + ")");
    }
    return null;
  }

  @Override
  public boolean hasPlaceableWork(SimContext context) {
    if (context.pendingJobs == 0) {
      return false;
    }
    if (!lifecycle.holdsUsed() && !run.options.inOrderQueues()) {
      return true; // nothing can hold a job back
    }
    for (int i = 0; i < order.size(); i++) {
      SimJob job = order.get(i);
      if (job.queue.context == context && !job.heldBack() && !job.waitsInQueue()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean nothingToPlace() {
    return order.size() == 0;
  }

  @Override
  public SimContext firstContextToPlace() {
    return order.first().queue.context;
  }
}
