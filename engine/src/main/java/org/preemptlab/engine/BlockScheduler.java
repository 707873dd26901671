package org.preemptlab.engine;

import org.preemptlab.api.hardware.SaveKind;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * Placement: the hardware block scheduler. Launched jobs with blocks to place wait in placement
 * order, by default higher queue priority first, then launch order (a policy may rank them itself
 * with {@link SchedulingPolicy#placementOrder()}). After the events of each instant, jobs are
 * served in that order; each block goes to the SM with the most free thread slots among those the
 * job may use (lowest index on ties). A job that fits nowhere stops the jobs behind it (in-order
 * dispatch), unless it is restricted to a set of SMs (a partition serves its own jobs); held-back
 * jobs are skipped. Every job that could not place is reported once to its policy ({@link
 * SchedulingPolicy#onJobBlocked}). Also owns block residency: start, completion, release and the
 * SM time each block executes.
 *
 * <p><b>Exact aggregation</b> ({@link EngineOptions#aggregateBlocks()}). Fresh blocks of one job
 * placed one after another in one placement pass, with equal start and equal duration, would be
 * queued with consecutive sequence numbers and complete one right after the other at their common
 * end, with nothing in between. Such blocks form a group: the first (the leader) queues its
 * completion event, each later member only takes its sequence number ({@link
 * EventQueue#skipSeq}), and when the leader's event fires every member completes in turn, exactly
 * as their own events would have had them (each still counts as an event). Every member stays a
 * resident block on its SM, so what reads residency (views, attained time, listeners) sees the
 * same blocks. What could treat members differently first splits the group ({@link
 * #splitGroups}): each member then gets its own event with the sequence number it reserved, as in
 * block-by-block simulation. A preemption splits the victim's groups, a time-slice switch those of
 * the outgoing context, a reset ({@link #drop}) the job's. With a contention model (rates change
 * per block at every change of residency) blocks are not grouped.
 */
final class BlockScheduler implements Placement, Eviction, ContextResidency {
  private final RunServices run;
  private final SmArray sms;
  /** The launcher, told when a job starts and finishes ({@link #connect}). */
  private JobLifecycle lifecycle;
  /** The preemptor, told of blocks that a preemption stops ({@link #connect}). */
  private StopPoints stops;
  /** The run's contention, or null when the hardware model has none (one branch per block). */
  private final Contention contention;
  /**
   * Launched jobs with blocks to place, in placement order: kept sorted by the hardware's order
   * (queue priority, then launch order) on entry, or sorted by the policy's ranking before each
   * pass. An array walked by index, so a placement pass allocates nothing.
   */
  private SimJob[] order = new SimJob[16];
  private int orderSize;
  /** The policy's placement order, or null for the hardware's. */
  private final Comparator<JobView> ranking;
  /** Whether MPS clients' jobs are merged neutrally before each pass ({@link #mergeClients}). */
  private boolean neutralClients;
  /** The neutral merge's copy of the order, and the start of each client's run in it. */
  private SimJob[] mergeBuffer = new SimJob[0];
  private int[] mergeHeads = new int[0];
  /** Arrays of jobs that have no block on an SM, for the next job that has one (see BlockList). */
  private int[][] spareLists = new int[8][];
  private int spareListsSize;
  private final List<SimJob> newlyBlocked = new ArrayList<>();
  /**
   * Whether any policy listens to onJobBlocked (otherwise no job is noted as blocked, and the walk
   * behind a blocked job is skipped).
   */
  private final boolean blockedListeners;
  /** Jobs with blocks on an SM, in the order they entered (linked through the jobs). */
  private final ResidentJobs residentJobs = new ResidentJobs();
  private SimJob firstResident;
  private SimJob lastResident;
  private int residentJobCount;
  private long blocksExecuted;
  /** The blocked job whose onJobBlocked callback is running: preemptions requested are for it. */
  private SimJob blockedJobInCallback;
  /** Whether blocks may complete in groups (the engine option, and no contention model). */
  private final boolean aggregate;
  /** The leader of the group that the next fresh block may join, or null. */
  private ResidentBlock groupLeader;
  /** The leader's generation when it was queued (a later change ends its group). */
  private int groupLeaderGen;
  /** The instant the group was formed. */
  private long groupNow;
  /** The sequence number the next member of the group would have had as its own event. */
  private long groupNextSeq;
  /** Blocks that completed as members of a group, without an event of their own (a measure). */
  private long groupedCompletions;
  /** Members of groups that were given their own event by a split (a measure). */
  private long splitMembers;
  /** The device's block dispatch latency (read per block placed). */
  private final long blockDispatchNs;
  /** Whether a queue's launched jobs run one after another ({@link EngineOptions#inOrderQueues}). */
  private final boolean inOrderQueues;

  BlockScheduler(RunServices run, SmArray sms, Contention contention,
      Comparator<JobView> ranking, boolean blockedListeners) {
    this.run = run;
    this.sms = sms;
    this.contention = contention;
    this.ranking = ranking == null ? null
        : ranking.thenComparingLong(j -> ((SimJob) j).dispatchSeq);
    this.blockedListeners = blockedListeners;
    this.aggregate = run.options.aggregateBlocks() && contention == null;
    this.blockDispatchNs = run.device.costs().blockDispatchNs();
    this.inOrderQueues = run.options.inOrderQueues();
  }

  /** Connects the parts it tells of what happens to blocks; call once, before the run. */
  void connect(JobLifecycle lifecycle, StopPoints stops) {
    this.lifecycle = lifecycle;
    this.stops = stops;
  }

  @Override
  public Set<SimJob> residentJobs() {
    return residentJobs;
  }

  @Override
  public SimJob blockedJobInCallback() {
    return blockedJobInCallback;
  }

  /** Blocks that ran to their end so far. */
  long blocksExecuted() {
    return blocksExecuted;
  }

  /** Blocks that completed as members of a group, without an event of their own. */
  long groupedCompletions() {
    return groupedCompletions;
  }

  /** Members of groups that a split gave their own event. */
  long splitMembers() {
    return splitMembers;
  }

  @Override
  public boolean deviceBusy() {
    return residentJobCount > 0 || orderSize > 0;
  }

  /** Appends a job that now has a block on an SM to the resident jobs. */
  private void addResidentJob(SimJob job) {
    job.previousResident = lastResident;
    job.nextResident = null;
    if (lastResident == null) {
      firstResident = job;
    } else {
      lastResident.nextResident = job;
    }
    lastResident = job;
    residentJobCount++;
  }

  /** Removes a job that has no block on an SM any more from the resident jobs. */
  private void removeResidentJob(SimJob job) {
    SimJob before = job.previousResident;
    SimJob after = job.nextResident;
    if (before == null) {
      firstResident = after;
    } else {
      before.nextResident = after;
    }
    if (after == null) {
      lastResident = before;
    } else {
      after.previousResident = before;
    }
    job.previousResident = null;
    job.nextResident = null;
    residentJobCount--;
  }

  /**
   * The resident jobs as a read-only set, in the order they entered (as a {@code LinkedHashSet}
   * iterates); its iterator must not outlive a change of residency.
   */
  private final class ResidentJobs extends AbstractSet<SimJob> {
    @Override
    public Iterator<SimJob> iterator() {
      return new Iterator<>() {
        private SimJob next = firstResident;

        @Override
        public boolean hasNext() {
          return next != null;
        }

        @Override
        public SimJob next() {
          if (next == null) {
            throw new NoSuchElementException();
          }
          SimJob job = next;
          next = job.nextResident;
          return job;
        }
      };
    }

    @Override
    public int size() {
      return residentJobCount;
    }

    @Override
    public boolean contains(Object o) {
      return o instanceof SimJob job && !job.resident.isEmpty(); // what membership means
    }
  }

  @Override
  public boolean contextBusy(SimContext context) {
    return context.residentBlocks > 0 || context.pendingJobs > 0 || !context.parked.isEmpty();
  }

  @Override
  public void enter(SimJob job) {
    if (job.launched && !job.inPlacementOrder && job.pendingBlocks() > 0) {
      job.inPlacementOrder = true;
      insert(job);
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
    this.neutralClients = true;
  }

  /**
   * The neutral order of MPS clients' jobs, made before each placement pass: each client's own
   * jobs in its hardware order (queue priority, then launch), and between clients the earlier
   * launch of the jobs each would serve next (a below-normal client's after a normal one's), so
   * that no client's stream priorities rank it against another client's.
   */
  private void mergeClients() {
    if (orderSize < 2) {
      return;
    }
    if (mergeBuffer.length < orderSize) {
      mergeBuffer = new SimJob[order.length];
    }
    System.arraycopy(order, 0, mergeBuffer, 0, orderSize);
    Arrays.sort(mergeBuffer, 0, orderSize, (a, b) -> a.queue.context == b.queue.context
        ? (hardwareBefore(a, b) ? -1 : hardwareBefore(b, a) ? 1 : 0)
        : Integer.compare(a.queue.context.index, b.queue.context.index));
    // each client's jobs are now a run of the buffer; merge the runs by their heads
    int runs = 0;
    if (mergeHeads.length < orderSize + 1) {
      mergeHeads = new int[order.length + 1];
    }
    for (int i = 0; i < orderSize; i++) {
      if (i == 0 || mergeBuffer[i].queue.context != mergeBuffer[i - 1].queue.context) {
        mergeHeads[runs++] = i;
      }
    }
    if (runs == 1) {
      System.arraycopy(mergeBuffer, 0, order, 0, orderSize);
      return;
    }
    int[] ends = new int[runs];
    for (int r = 0; r < runs; r++) {
      ends[r] = r + 1 < runs ? mergeHeads[r + 1] : orderSize;
    }
    int[] heads = Arrays.copyOf(mergeHeads, runs);
    for (int out = 0; out < orderSize; out++) {
      int best = -1;
      for (int r = 0; r < runs; r++) {
        if (heads[r] < ends[r] && (best < 0 || clientFirst(mergeBuffer[heads[r]],
            mergeBuffer[heads[best]]))) {
          best = r;
        }
      }
      order[out] = mergeBuffer[heads[best]++];
    }
    Arrays.fill(mergeBuffer, 0, orderSize, null);
  }

  /** Between two clients' next jobs: a normal client's first, then the earlier launch. */
  private static boolean clientFirst(SimJob a, SimJob b) {
    int byClient = Integer.compare(a.queue.context.clientRank, b.queue.context.clientRank);
    return byClient != 0 ? byClient < 0 : a.dispatchSeq < b.dispatchSeq;
  }

  /** Adds a job to the order: at its place in the hardware order, or at the end if ranked. */
  private void insert(SimJob job) {
    if (orderSize == order.length) {
      order = Arrays.copyOf(order, orderSize * 2);
    }
    int at = orderSize;
    if (ranking == null && !neutralClients) {
      while (at > 0 && hardwareBefore(job, order[at - 1])) {
        at--;
      }
      System.arraycopy(order, at, order, at + 1, orderSize - at);
    }
    order[at] = job;
    orderSize++;
  }

  /**
   * The hardware order: a normal MPS client's jobs before a below-normal one's, then higher queue
   * priority first, then earlier launch.
   */
  private static boolean hardwareBefore(SimJob a, SimJob b) {
    int byClient = Integer.compare(a.queue.context.clientRank, b.queue.context.clientRank);
    if (byClient != 0) {
      return byClient < 0;
    }
    int byPriority = Integer.compare(a.queue.priority.ordinal(), b.queue.priority.ordinal());
    return byPriority != 0 ? byPriority < 0 : a.dispatchSeq < b.dispatchSeq;
  }

  private void removeAt(int i) {
    System.arraycopy(order, i + 1, order, i, orderSize - i - 1);
    order[--orderSize] = null;
  }

  private void leave(SimJob job) {
    job.inPlacementOrder = false;
    job.queue.context.pendingJobs--;
  }

  @Override
  public void reorder(SimQueue queue, Runnable change) {
    if (ranking != null) {
      change.run();
      return;
    }
    List<SimJob> moved = new ArrayList<>();
    for (int i = 0; i < orderSize; ) {
      if (order[i].queue == queue) {
        moved.add(order[i]);
        removeAt(i);
      } else {
        i++;
      }
    }
    change.run();
    moved.forEach(this::insert);
  }

  /**
   * Places every block that can be placed now, in placement order.
   *
   * @param only the context that has the device while contexts take turns, else null (every
   *     context's jobs are placed)
   */
  void placeAll(SimContext only) {
    if (ranking != null) {
      rankForPlacement();
    } else if (neutralClients) {
      mergeClients();
    }
    SimJob stoppedBy = null;
    for (int i = 0; i < orderSize; i++) {
      SimJob job = order[i];
      if (only != null && job.queue.context != only) {
        continue;
      }
      if (inOrderQueues && job.waitsInQueue()) {
        continue;
      }
      if (job.heldBack()) {
        if (job.padBlocks > 0 && stoppedBy == null && pad(job)) {
          removeAt(i--);
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
        removeAt(i--);
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

  private void placeBlock(SimJob job, int sm) {
    if (!job.awaitedPreemptions.isEmpty()) {
      for (Preemption preemption : job.awaitedPreemptions) {
        preemption.waiterPlacedNs = run.now();
      }
      job.awaitedPreemptions.clear();
    }
    SimJob.Resumable resume = job.resumables.isEmpty() ? null : job.resumables.pollFirst();
    int blockIndex;
    long realDuration;
    long realDone = 0;
    long restoreNs = 0;
    if (resume != null) {
      blockIndex = resume.blockIndex();
      realDuration = resume.realDurationNs();
      realDone = resume.realDoneNs();
      if (resume.restoreBytes() > 0) {
        restoreNs = PluginReturns.hardwareTime(run.hardware.restoreNs(resume.restoreBytes(),
            job.threads, SaveKind.PREEMPTION, run.costs), run.hardware, "restoreNs");
        job.bytesRestored += resume.restoreBytes();
      }
    } else {
      blockIndex = job.nextFreshBlock++;
      realDuration = job.kernel.timing().durationNs(blockIndex, job.nominalNs);
      if (realDuration < 1) {
        throw new IllegalStateException("block " + blockIndex + " of " + job + " lasts "
            + realDuration + " ns");
      }
    }
    long start = run.now() + blockDispatchNs + restoreNs;
    ResidentBlock block = newBlock(job, sm, blockIndex, realDuration, realDone, start);
    startResidency(block, false, resume == null);
    if (run.listener() != null && restoreNs > 0) {
      run.listener().contextRestored(sm, block.slot, job, blockIndex, start - restoreNs, start,
          resume.restoreBytes());
    }
  }

  /** A block for a new residency: a pooled one when there is one, else a new one. */
  private ResidentBlock newBlock(SimJob job, int sm, int blockIndex, long realDurationNs,
      long realDoneAtStartNs, long startNs) {
    return run.blocks.take(job, sm, blockIndex, realDurationNs, realDoneAtStartNs, startNs);
  }

  /** Returns a block that left its SM and that nothing refers to any more. */
  private void recycle(ResidentBlock block) {
    block.preemption = null;
    block.gen++; // no event queued for its last residency may match it again
    run.blocks.recycle(block);
  }

  /**
   * Lets a block that left its SM go without reusing it (a save or a parking may still refer to
   * it).
   */
  private void retire(ResidentBlock block) {
    run.blocks.retire(block);
  }

  /**
   * Makes a block resident; {@code fresh} says it is a block's first residency (no restore), which
   * may join the group of the block placed just before it.
   */
  private void startResidency(ResidentBlock block, boolean allocated, boolean fresh) {
    SimJob job = block.job;
    if (!allocated) {
      sms.allocate(block.sm, job.threads, job.registers, job.shared, run.now());
    }
    block.slot = sms.takeSlot(block.sm);
    if (job.firstStartNs < 0) {
      job.firstStartNs = block.startNs;
      lifecycle.started(job, block.startNs);
    }
    if (job.resident.isEmpty()) {
      addResidentJob(job);
      if (spareListsSize > 0) {
        job.resident.attach(spareLists[--spareListsSize]);
        spareLists[spareListsSize] = null;
      }
    }
    job.addResident(block);
    job.queue.context.residentBlocks++;
    job.queue.residentBlocks++;
    blocksExecuted++;
    if (contention != null) {
      contention.joined(block, run.now());
    }
    if (aggregate && fresh) {
      queueGrouped(block);
    } else {
      run.events.pushBlock(block.endNs, block);
    }
  }

  /**
   * Queues a fresh block's completion: it joins the current group if it is the same job's, placed
   * at the same instant right after the group's last member (no event queued in between) with the
   * same start and end; otherwise it queues its own event and leads a new group.
   */
  private void queueGrouped(ResidentBlock block) {
    ResidentBlock leader = groupLeader;
    EventQueue events = run.events;
    if (leader != null && leader.job == block.job && leader.gen == groupLeaderGen
        && groupNow == run.now() && events.nextSeq() == groupNextSeq
        && leader.state == ResidentBlock.RUNNING && leader.endNs == block.endNs
        && leader.startNs == block.startNs) {
      leader.lastInGroup.nextInGroup = block;
      leader.lastInGroup = block;
      leader.groupSize++;
      events.skipSeq();
    } else {
      groupLeader = block;
      groupLeaderGen = block.gen;
      groupNow = run.now();
      block.lastInGroup = block;
      block.groupSize = 1;
      block.groupSeq = events.nextSeq();
      events.pushBlock(block.endNs, block);
    }
    groupNextSeq = events.nextSeq();
  }

  /**
   * Gives every member of each group of {@code job} its own completion event, with the sequence
   * number it reserved: from now on they are simulated block by block, exactly as if they had never
   * been grouped. Call before anything treats the job's resident blocks one by one.
   */
  @Override
  public void splitGroups(SimJob job) {
    if (!aggregate) {
      return;
    }
    BlockList resident = job.resident;
    for (int i = 0, n = resident.size(); i < n; i++) {
      ResidentBlock block = resident.get(i);
      if (block.nextInGroup != null && block.lastInGroup != null) {
        split(block);
      }
    }
  }

  private void split(ResidentBlock leader) {
    long seq = leader.groupSeq;
    for (ResidentBlock member = leader.nextInGroup; member != null; ) {
      ResidentBlock next = member.nextInGroup;
      member.nextInGroup = null;
      run.events.pushBlockWithSeq(member.endNs, member, ++seq);
      splitMembers++;
      member = next;
    }
    leader.nextInGroup = null;
    leader.lastInGroup = null;
    if (groupLeader == leader) {
      groupLeader = null;
    }
  }

  /** A block leaves its SM: free its resources and account the SM time it executed. */
  private void release(ResidentBlock block) {
    SimJob job = block.job;
    if (contention != null) {
      contention.left(block);
    }
    sms.release(block.sm, job.threads, job.registers, job.shared, run.now());
    sms.freeSlot(block.sm, block.slot);
    job.removeResident(block);
    long executed = block.executedNs(block.execEndNs);
    job.attainedDoneNs += executed;
    job.queue.attainedDoneNs += executed;
    job.queue.context.residentBlocks--;
    job.queue.residentBlocks--;
    if (job.resident.isEmpty()) {
      leftEverySm(job);
    }
    if (job.queue.openSuspension != null) {
      lifecycle.checkQuiet(job.queue);
    }
  }

  /** A job's last block left its SM: it is no longer resident, and its list's array is spare. */
  private void leftEverySm(SimJob job) {
    removeResidentJob(job);
    int[] spare = job.resident.detach();
    if (spare != null) {
      if (spareListsSize == spareLists.length) {
        spareLists = Arrays.copyOf(spareLists, spareListsSize * 2);
      }
      spareLists[spareListsSize++] = spare;
    }
  }

  @Override
  public void evict(ResidentBlock block, SimJob.Resumable resume) {
    release(block);
    retire(block);
    SimJob job = block.job;
    job.resumables.addLast(resume);
    enter(job);
  }

  @Override
  public boolean hasResidentBlocks(SimContext context) {
    return context.residentBlocks > 0;
  }

  @Override
  public boolean hasParkedBlocks(SimContext context) {
    return !context.parked.isEmpty();
  }

  @Override
  public Parking park(SimContext context, long reactionNs) {
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    List<ResidentBlock> parking = new ArrayList<>();
    EngineListener listener = run.listener();
    for (SimJob job : List.copyOf(residentJobs)) {
      if (job.queue.context != context) {
        continue;
      }
      splitGroups(job); // its blocks are parked one by one
      for (ResidentBlock block : job.resident) {
        boolean running = block.state == ResidentBlock.RUNNING
            || block.state == ResidentBlock.DRAINING;
        if (!running || block.endNs <= reactionNs) {
          continue;
        }
        block.gen++;
        block.state = ResidentBlock.PARKING;
        block.stopOffsetNs = block.realProgressAt(reactionNs);
        block.execEndNs = Math.max(block.startNs, reactionNs);
        if (listener != null && block.startNs < reactionNs) {
          // (a block still restoring or being dispatched has not executed yet)
          listener.blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
              reactionNs, EngineListener.BlockEnd.SWITCHED_OUT);
        }
        bytesPerSm[block.sm] += job.kernel.contextBytesPerBlock();
        threadsPerSm[block.sm] += job.threads;
        parking.add(block);
      }
    }
    long savedAt = reactionNs;
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        savedAt = Math.max(savedAt, reactionNs + PluginReturns.hardwareTime(run.hardware.saveNs(
            bytesPerSm[sm], threadsPerSm[sm], SaveKind.CONTEXT_SWITCH, run.costs), run.hardware,
            "saveNs"));
      }
    }
    return new Parking(context, parking, savedAt);
  }

  @Override
  public void parked(Parking parking) {
    for (ResidentBlock block : parking.blocks()) {
      if (block.state == ResidentBlock.DROPPED) {
        continue; // its job was aborted during the switch: it already left its SM
      }
      SimJob job = block.job;
      release(block);
      retire(block);
      job.parked++;
      long bytes = job.kernel.contextBytesPerBlock();
      job.bytesSaved += bytes;
      parking.context().parked.add(new Parked(job, block.sm, block.blockIndex,
          block.realDurationNs, block.stopOffsetNs, bytes));
      if (block.preemption != null) {
        block.preemption.pointReached(parking.savedAtNs());
        stops.blockFreed(block.preemption);
      }
    }
  }

  @Override
  public long unpark(SimContext context) {
    // Blocks go back to the SMs they left; one whose SM is still held (e.g. by a block of the other
    // context that is stopping) waits for placement like a preempted block, and placement counts
    // its restore then.
    long now = run.now();
    List<Parked> restoring = new ArrayList<>();
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    for (Parked parked : context.parked) {
      SimJob job = parked.job();
      job.parked--;
      if (sms.fits(parked.sm(), job.threads, job.registers, job.shared)) {
        sms.allocate(parked.sm(), job.threads, job.registers, job.shared, now);
        restoring.add(parked);
        bytesPerSm[parked.sm()] += parked.bytes();
        threadsPerSm[parked.sm()] += job.threads;
      } else {
        job.resumables.addFirst(new SimJob.Resumable(parked.blockIndex(), parked.realDurationNs(),
            parked.realDoneNs(), parked.bytes()));
        enter(job);
      }
    }
    // Each SM reads its blocks back in one restore; the slowest SM decides when the context runs.
    long[] restoredAt = new long[sms.count()];
    long slowest = now;
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        restoredAt[sm] = now + PluginReturns.hardwareTime(run.hardware.restoreNs(bytesPerSm[sm],
            threadsPerSm[sm], SaveKind.CONTEXT_SWITCH, run.costs), run.hardware, "restoreNs");
        slowest = Math.max(slowest, restoredAt[sm]);
      }
    }
    EngineListener listener = run.listener();
    for (Parked parked : restoring) {
      SimJob job = parked.job();
      job.bytesRestored += parked.bytes();
      ResidentBlock block = newBlock(job, parked.sm(), parked.blockIndex(),
          parked.realDurationNs(), parked.realDoneNs(), restoredAt[parked.sm()]);
      startResidency(block, true, false);
      if (listener != null) {
        listener.contextRestored(block.sm, block.slot, job, block.blockIndex, now,
            block.startNs, parked.bytes());
      }
    }
    context.parked.clear();
    return slowest;
  }

  /** A block's event: it completes, reaches its stop point, or is flushed. */
  void blockEvent(ResidentBlock block) {
    switch (block.state) {
      case ResidentBlock.RUNNING, ResidentBlock.DRAINING -> {
        if (block.nextInGroup == null) {
          complete(block);
        } else {
          completeGroup(block);
        }
      }
      case ResidentBlock.STOPPING -> stops.reachStopPoint(block);
      case ResidentBlock.FLUSHING -> stops.flush(block);
      default -> throw new AssertionError(block.state);
    }
  }

  /**
   * A group's event: the leader and then each member complete, in the order their own events
   * would have fired, each counted as an event. Without a listener or an open suspension of the
   * job's queue, nothing can observe the device between two members, and the group completes at
   * once ({@link #completeTogether}).
   */
  private void completeGroup(ResidentBlock leader) {
    ResidentBlock member = leader.nextInGroup;
    int size = leader.groupSize;
    leader.nextInGroup = null;
    leader.lastInGroup = null;
    if (groupLeader == leader) {
      groupLeader = null;
    }
    if (run.listener() == null && leader.job.queue.openSuspension == null) {
      completeTogether(leader, member, size);
      return;
    }
    complete(leader);
    while (member != null) {
      ResidentBlock next = member.nextInGroup;
      member.nextInGroup = null;
      run.countEvent();
      groupedCompletions++;
      complete(member);
      member = next;
    }
  }

  /**
   * Completes a group's {@code size} blocks, the leader first, with the results of one {@link
   * #complete} per block: each block leaves its SM in the same order (the SMs' free lists and
   * the job's list of resident blocks end as they would), each member counts as an event, and
   * what is summed (attained time, residency counts, finished blocks) is added once. Nothing runs
   * between two members of a group: a member carries no preemption (a preemption splits its
   * victim's groups first), nothing listens, no suspension of the queue awaits its quiet, and the
   * job can finish only at its group's last block. When the group is every resident block of the
   * job, its list is emptied at once instead of block by block.
   */
  private void completeTogether(ResidentBlock leader, ResidentBlock firstMember, int size) {
    SimJob job = leader.job;
    BlockList resident = job.resident;
    boolean wholeList = resident.size() == size;
    long executed = 0;
    for (ResidentBlock block = leader, next; block != null; block = next) {
      next = block == leader ? firstMember : block.nextInGroup;
      block.nextInGroup = null;
      if (block != leader) {
        run.countEvent();
      }
      sms.release(block.sm, job.threads, job.registers, job.shared, run.now());
      sms.freeSlot(block.sm, block.slot);
      if (!wholeList) {
        job.removeResident(block);
      }
      executed += block.executedNs(block.execEndNs);
      recycle(block);
    }
    if (wholeList) {
      resident.clear();
    }
    groupedCompletions += size - 1;
    job.attainedDoneNs += executed;
    job.queue.attainedDoneNs += executed;
    job.queue.context.residentBlocks -= size;
    job.queue.residentBlocks -= size;
    if (resident.isEmpty()) {
      leftEverySm(job);
    }
    job.finished += size;
    if (job.finished == job.gridBlocks) {
      lifecycle.finish(job);
    }
  }

  private void complete(ResidentBlock block) {
    if (run.listener() != null) {
      run.listener().blockExecuted(block.sm, block.slot, block.job, block.blockIndex, block.startNs,
          run.now(), EngineListener.BlockEnd.COMPLETED);
    }
    release(block);
    SimJob job = block.job;
    job.finished++;
    if (block.preemption != null) {
      block.preemption.pointReached(run.now());
      stops.blockFreed(block.preemption);
    }
    recycle(block);
    if (job.finished == job.gridBlocks) {
      lifecycle.finish(job);
    }
  }

  /**
   * {@inheritDoc} Their queued completions become stale. A block that a context switch is parking
   * leaves now too (the switch's {@link #parked} then skips it), and blocks a switch has parked
   * are never restored.
   */
  @Override
  public void drop(SimJob job) {
    splitGroups(job); // each member's event must go stale as its own, as block by block
    while (job.resident.size() > 0) {
      ResidentBlock block = job.resident.get(job.resident.size() - 1);
      boolean parking = block.state == ResidentBlock.PARKING;
      if (run.listener() != null && !parking) { // (a parking block was reported switched out)
        run.listener().blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
            run.now(), EngineListener.BlockEnd.FLUSHED);
      }
      block.execEndNs = Math.min(block.execEndNs, run.now());
      release(block);
      if (parking) {
        block.state = ResidentBlock.DROPPED;
        retire(block); // the switch's parking still refers to it
      } else {
        recycle(block);
      }
    }
    if (job.parked > 0) {
      job.queue.context.parked.removeIf(parked -> parked.job() == job);
      job.parked = 0;
    }
    job.nextFreshBlock = job.gridBlocks;
    job.resumables.clear();
    if (job.inPlacementOrder) {
      for (int i = 0; i < orderSize; i++) {
        if (order[i] == job) {
          removeAt(i);
          break;
        }
      }
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
    for (int i = 0; i < orderSize; i++) {
      SimJob job = order[i];
      if (job.queue.context == context && !job.heldBack() && !job.waitsInQueue()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean nothingToPlace() {
    return orderSize == 0;
  }

  @Override
  public SimContext firstContextToPlace() {
    if (ranking != null) {
      sortByRanking();
    }
    return order[0].queue.context;
  }

  /** Sorts by the policy's ranking for a placement pass, counting a pass it reorders. */
  private void rankForPlacement() {
    sortByRanking();
    if (!inHardwareOrder()) {
      run.decisions.placementPassesReordered++;
    }
  }

  /** Whether the placement order is also the hardware's (the policy's ranking changed nothing). */
  private boolean inHardwareOrder() {
    for (int i = 1; i < orderSize; i++) {
      if (hardwareBefore(order[i], order[i - 1])) {
        return false;
      }
    }
    return true;
  }

  private void sortByRanking() {
    Arrays.sort(order, 0, orderSize, ranking);
  }
}
