package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Preemption: a policy's request to take SMs back from a running job (DESIGN §3.4). The request
 * reaches the SMs after the signal latency; the preemption-point strategy then decides, SM by SM,
 * whether each participating block drains, stops at a point and saves, or is flushed; the
 * context-save strategy says how many bytes a stop writes, and each SM writes its saves one after
 * another through its save channel. A request may cover all of a victim, its blocks on chosen SMs,
 * or just enough SMs for a waiter; blocks already being preempted are not asked twice.
 */
final class Preemptor implements PreemptionRequests, StopPoints {
  private final RunServices run;
  /** The SMs, for their save channels and for fitting a waiter's blocks. */
  private final SmArray sms;
  /** The run's contention, or null. */
  private final Contention contention;
  /** Block placement, which lets stopped blocks leave their SMs. */
  private final Eviction eviction;
  /** Where stop points, flushes and written saves are queued, a wave's at one instant as one. */
  private final EventRuns runs;
  private final List<Preemption> preemptions = new ArrayList<>();
  /** Scratch for {@link #savesDone}: where each block resumes, and its preemption. */
  private SimJob.Resumable[] resumes = new SimJob.Resumable[16];
  private Preemption[] freed = new Preemption[16];
  /** Blocks in SM order. */
  private static final Comparator<ResidentBlock> BY_SM = Comparator.comparingInt(b -> b.sm);
  /** The blocks of the preemption being decided, for the strategy (reused: emptied after). */
  private final List<ResidentBlock> deciding = new ArrayList<>();
  /** The last job refused by {@link #everyBlockPreempting}, and that refusal. */
  private SimJob refusedVictim;
  private ActionOutcome refusal;

  Preemptor(RunServices run, SmArray sms, Contention contention, Eviction eviction,
      EventRuns runs) {
    this.run = run;
    this.sms = sms;
    this.contention = contention;
    this.eviction = eviction;
    this.runs = runs;
  }

  /** The queue of stop points, flushes and written saves, for its measures. */
  EventRuns runs() {
    return runs;
  }

  /** Every preemption of the run so far, in request order. */
  List<Preemption> preemptions() {
    return preemptions;
  }

  /**
   * Preempts the blocks of {@code victim} that {@code scope} selects.
   *
   * @param waiter the job the preemption is for, or null to take the job whose onJobBlocked
   *     callback is running, if any
   */
  ActionOutcome preempt(SimJob victim, PreemptScope scope, SimJob waiter) {
    return preempt(victim, scope, waiter, null);
  }

  @Override
  public ActionOutcome preempt(SimJob victim, PreemptScope scope, SimJob waiter,
      Object saveBatch) {
    if (victim.resident.isEmpty()) {
      return ActionOutcome.refused(victim + " has no blocks on SMs");
    }
    eviction.prepareToPreempt(victim); // its blocks may now be told apart
    SmSet chosen;
    if (scope instanceof PreemptScope.OnSms on) {
      chosen = on.sms();
    } else if (scope instanceof PreemptScope.ForWaiter) {
      if (waiter.pendingBlocks() == 0) {
        return ActionOutcome.refused(waiter + " has no blocks waiting for placement");
      }
      chosen = smsForWaiter(victim, waiter);
    } else {
      chosen = null;
    }
    long now = run.now();
    long reaction = now + PluginReturns.hardwareTime(run.hardware.preemptionSignalNs(run.costs),
        run.hardware, "preemptionSignalNs");
    boolean any = false;
    for (ResidentBlock block : victim.resident) {
      if (participates(block, chosen)) {
        any = true;
        break;
      }
    }
    if (!any) {
      if (chosen == null) {
        return everyBlockPreempting(victim);
      }
      return ActionOutcome.refused(
          "no block of " + victim + " that is not already being preempted runs on " + chosen);
    }
    Preemption preemption = new Preemption(victim, now, saveBatch);
    if (run.listener() != null) {
      run.listener().preemptionRequested(now, victim);
    }
    List<ResidentBlock> deciding = this.deciding;
    boolean bySm = true; // whether they come in SM order already (a wave does)
    for (ResidentBlock block : victim.resident) {
      if (!participates(block, chosen)) {
        continue;
      }
      preemption.blocks++;
      preemption.outstanding++;
      block.preemption = preemption;
      if (block.endNs <= reaction) {
        block.state = ResidentBlock.DRAINING;
        preemption.drained++;
        preemption.count("ended-before-signal");
      } else {
        bySm &= deciding.isEmpty() || deciding.get(deciding.size() - 1).sm <= block.sm;
        deciding.add(block);
      }
    }
    // The strategy decides SM by SM (in SM order, blocks in residency order on each SM: a stable
    // sort, needed only if they are not in that order already).
    if (!bySm) {
      deciding.sort(BY_SM);
    }
    try {
      for (int from = 0; from < deciding.size(); ) {
        int to = from;
        while (to < deciding.size() && deciding.get(to).sm == deciding.get(from).sm) {
          to++;
        }
        decideSm(deciding, from, to, preemption, reaction);
        from = to;
      }
    } finally {
      deciding.clear();
    }
    victim.activePreemptions++;
    victim.preemptions++;
    preemptions.add(preemption);
    SimJob forJob = waiter != null ? waiter : eviction.blockedJobInCallback();
    if (forJob != null) {
      preemption.waiterId = forJob.job.id();
      forJob.awaitedPreemptions.add(preemption);
    }
    return ActionOutcome.preempting(preemption.blocks);
  }

  /** Whether a block of the victim takes part in a preemption on {@code chosen} (null: all SMs). */
  private static boolean participates(ResidentBlock block, SmSet chosen) {
    return block.state == ResidentBlock.RUNNING && (chosen == null || chosen.contains(block.sm));
  }

  /**
   * The victim's SMs to free for the waiter: ranked by how many of the waiter's blocks each would
   * hold once the victim's running blocks leave it (most first, lowest index on ties), taken until
   * the waiter's pending blocks fit.
   */
  private SmSet smsForWaiter(SimJob victim, SimJob waiter) {
    int n = sms.count();
    int[] threads = new int[n];
    int[] registers = new int[n];
    int[] shared = new int[n];
    int[] blocks = new int[n];
    for (ResidentBlock block : victim.resident) {
      if (block.state == ResidentBlock.RUNNING) {
        threads[block.sm] += victim.threads;
        registers[block.sm] += victim.registers;
        shared[block.sm] += victim.shared;
        blocks[block.sm]++;
      }
    }
    SmSet allowed = waiter.allowedSms();
    List<int[]> candidates = new ArrayList<>(); // {sm, blocks of the waiter it would hold}
    for (int sm = 0; sm < n; sm++) {
      if (blocks[sm] > 0 && (allowed == null || allowed.contains(sm))) {
        candidates.add(new int[] {sm, sms.blocksThatFit(sm, waiter.threads, waiter.registers,
            waiter.shared, threads[sm], registers[sm], shared[sm], blocks[sm])});
      }
    }
    candidates.sort(Comparator.<int[]>comparingInt(c -> -c[1]).thenComparingInt(c -> c[0]));
    int needed = waiter.pendingBlocks();
    List<Integer> chosen = new ArrayList<>();
    for (int[] candidate : candidates) {
      if (needed <= 0 || candidate[1] == 0) {
        break;
      }
      chosen.add(candidate[0]);
      needed -= candidate[1];
    }
    return SmSet.of(chosen.stream().mapToInt(Integer::intValue).toArray());
  }

  /** The strategy decides for the blocks {@code [from, to)} of {@code blocks}, all on one SM. */
  private void decideSm(List<ResidentBlock> blocks, int from, int to, Preemption preemption,
      long reaction) {
    int count = to - from;
    List<BlockSnapshot> snapshots = new ArrayList<>(count);
    for (int i = from; i < to; i++) {
      ResidentBlock block = blocks.get(i);
      SimJob job = block.job;
      snapshots.add(new BlockSnapshot(job.kernel, job.program,
          block.nominalOf(block.realProgressAt(reaction)), job.queue.context.spec.handlesYield(),
          run.device));
    }
    List<PreemptionDecision> decisions = run.plugins.preemption().decideSm(snapshots);
    if (decisions == null || decisions.size() != count) {
      throw new InvariantViolationException(strategy() + " answered "
          + (decisions == null ? "null" : decisions.size() + " decisions") + " for "
          + count + " blocks on SM " + blocks.get(from).sm);
    }
    for (int i = 0; i < count; i++) {
      apply(blocks.get(from + i), snapshots.get(i), decisions.get(i), preemption, reaction);
    }
  }

  private void apply(ResidentBlock block, BlockSnapshot snapshot, PreemptionDecision decision,
      Preemption preemption, long reaction) {
    SimJob job = block.job;
    if (decision == null) {
      throw new InvariantViolationException(strategy() + " returned no decision for a block of "
          + job);
    }
    check(decision, snapshot, job);
    preemption.count(decision.level());
    long delivered = reaction + decision.deliveryNs();
    long stopTime = switch (decision.action()) {
      case DRAIN -> Long.MAX_VALUE;
      case SAVE -> {
        long reachesStop = block.timeToReach(block.realOf(decision.stopOffsetNs()));
        // Compared as program offsets, so the rounding between real and nominal time cannot
        // flag a stop at the very progress the strategy was shown.
        if (decision.stopOffsetNs() < block.nominalOf(block.realProgressAt(delivered))) {
          throw new InvariantViolationException(strategy() + " chose stop offset "
              + decision.stopOffsetNs() + " for a block of " + job + " with a delivery delay of "
              + decision.deliveryNs() + " ns, but the block passes that offset before the request"
              + " is delivered; the stop must lie at or after the block's progress at delivery");
        }
        yield Math.max(delivered, reachesStop);
      }
      case FLUSH -> delivered;
    };
    if (stopTime >= block.endNs) {
      block.state = ResidentBlock.DRAINING;
      preemption.drained++;
      return;
    }
    block.gen++;
    block.execEndNs = stopTime;
    if (decision.action() == BlockAction.SAVE) {
      block.state = ResidentBlock.STOPPING;
      block.stopOffsetNs = decision.stopOffsetNs();
      preemption.saved++;
    } else {
      block.state = ResidentBlock.FLUSHING;
      preemption.flushed++;
    }
    runs.pushBlock(stopTime, block);
  }

  private void check(PreemptionDecision decision, BlockSnapshot block, SimJob job) {
    long stop = decision.stopOffsetNs();
    BlockProgram program = block.program();
    switch (decision.action()) {
      case SAVE -> {
        if (stop < block.progressNs() || stop > program.durationNs()) {
          throw new InvariantViolationException(strategy() + " chose stop offset " + stop
              + " for a block of " + job + " at progress " + block.progressNs()
              + "; it must lie in [" + block.progressNs() + ", " + program.durationNs() + "]");
        }
        if (run.options.checkInvariants() && !PreemptionDecision.isSafeStop(program, stop)) {
          throw new InvariantViolationException(strategy() + " stopped a block of " + job
              + " at offset " + stop + " inside a "
              + program.segments().get(program.segmentAt(stop)).kind()
              + " segment; stops inside SHARED_MEMORY, ATOMIC and BARRIER segments are forbidden");
        }
      }
      case FLUSH -> {
        if (run.options.checkInvariants() && !job.kernel.idempotent()) {
          throw new InvariantViolationException(strategy() + " flushed a block of " + job
              + ", whose kernel '" + job.kernel.name() + "' is not idempotent");
        }
      }
      case DRAIN -> { }
      default -> throw new AssertionError(decision.action());
    }
  }

  /**
   * The refusal of a preemption of all of {@code victim} whose every resident block is already
   * being preempted. A preemptive policy asks again at every blocked placement while the victim's
   * blocks save, so the last victim's refusal is kept (its text names only the job and its queue).
   */
  private ActionOutcome everyBlockPreempting(SimJob victim) {
    if (victim != refusedVictim) {
      refusedVictim = victim;
      refusal = ActionOutcome.refused(
          "every block of " + victim + " on an SM is already being preempted");
    }
    return refusal;
  }

  /** The strategy as an error message names it (built only for a message: checks run per block). */
  private String strategy() {
    return "preemption strategy '" + run.plugins.preemptionId() + "'";
  }

  /** {@inheritDoc} It is written through its SM's save channel. */
  @Override
  public void reachStopPoint(ResidentBlock block) {
    SimJob job = block.job;
    StopPoint point = new StopPoint(job.kernel, job.program, block.stopOffsetNs);
    long saveBytes = PluginReturns.contextBytes(run.plugins.contextSave().bytesToSave(point),
        run.plugins, "bytesToSave");
    long restoreBytes = PluginReturns.contextBytes(
        run.plugins.contextSave().bytesToRestore(point), run.plugins, "bytesToRestore");
    long saveEnd = sms.reserveSave(block.sm, run.now(), block.preemption.saveBatch, saveBytes,
        job.threads, run.hardware, run.costs);
    if (run.listener() != null) {
      run.listener().blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
          run.now(), EngineListener.BlockEnd.STOPPED);
      run.listener().contextSaved(block.sm, block.slot, job, block.blockIndex, run.now(), saveEnd,
          saveBytes);
    }
    block.state = ResidentBlock.SAVING;
    if (contention != null) {
      contention.left(block); // its program stops here; the save is not program traffic
    }
    block.restoreBytes = restoreBytes;
    job.bytesSaved += saveBytes;
    block.preemption.bytesSaved += saveBytes;
    block.preemption.pointReached(run.now());
    runs.pushSaveDone(saveEnd, block);
  }

  /** A stopped block's context is written: it leaves its SM, to resume where it stopped. */
  void saveDone(ResidentBlock block) {
    Preemption preemption = block.preemption; // the evicted block is reused for a later residency
    eviction.evict(block, resumable(block));
    blockFreed(preemption);
  }

  private static SimJob.Resumable resumable(ResidentBlock block) {
    return new SimJob.Resumable(block.blockIndex, block.realDurationNs,
        block.realOf(block.stopOffsetNs), block.restoreBytes);
  }

  /**
   * The contexts of {@code blocks[0, count)} are written at this instant, their events one right
   * after another ({@link EventRuns}): the results of one {@link #saveDone} per block in that
   * order. Each stretch of one job's blocks that may leave together ({@link
   * Eviction#canEvictTogether}) does so after its first block's own eviction (which may put the
   * job in placement order, and a policy's ranking may look at the device then).
   */
  void savesDone(ResidentBlock[] blocks, int count) {
    for (int from = 0; from < count; ) {
      SimJob job = blocks[from].job;
      int to = from + 1;
      while (to < count && blocks[to].job == job) {
        to++;
      }
      saveDone(blocks[from]);
      if (to - from > 1 && eviction.canEvictTogether(job)) {
        if (resumes.length < to) {
          resumes = new SimJob.Resumable[Math.max(to, 2 * resumes.length)];
          freed = new Preemption[resumes.length];
        }
        for (int i = from + 1; i < to; i++) {
          resumes[i] = resumable(blocks[i]);
          freed[i] = blocks[i].preemption;
        }
        eviction.evictTogether(blocks, resumes, from + 1, to);
        for (int i = from + 1; i < to; i++) {
          blockFreed(freed[i]);
          resumes[i] = null;
          freed[i] = null;
        }
      } else {
        for (int i = from + 1; i < to; i++) {
          saveDone(blocks[i]);
        }
      }
      from = to;
    }
  }

  @Override
  public void flush(ResidentBlock block) {
    SimJob job = block.job;
    job.lostWorkNs += block.realProgressAt(run.now());
    if (run.listener() != null) {
      run.listener().blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
          run.now(), EngineListener.BlockEnd.FLUSHED);
    }
    Preemption preemption = block.preemption; // the evicted block is reused for a later residency
    eviction.evict(block, new SimJob.Resumable(block.blockIndex, block.realDurationNs, 0, 0));
    preemption.pointReached(run.now());
    blockFreed(preemption);
  }

  @Override
  public void blockFreed(Preemption preemption) {
    if (preemption.blockFreed(run.now())) {
      preemption.victim.activePreemptions--;
      preemption.victim = null; // the record keeps its id; the finished victim can be dropped
    }
  }
}
