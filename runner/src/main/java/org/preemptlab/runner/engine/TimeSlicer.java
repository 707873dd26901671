package org.preemptlab.runner.engine;

import org.preemptlab.api.hardware.SaveKind;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.hardware.ContextOrder;

/**
 * Time slicing between contexts that may not share SMs (DESIGN §3.3): one context has the device;
 * when another has work, the active one keeps it for its time slice (asked of the policy of its
 * highest-priority queue), then the device switches: every resident block of the outgoing context
 * is saved (instruction-level, per SM in one save), the switch cost is paid, and the incoming
 * context's saved blocks are restored on the SMs they left. The next context is chosen by the
 * hardware model's {@link ContextOrder}.
 */
final class TimeSlicer {
  private final Simulator sim;
  private final List<SimContext> contexts;
  private final ContextOrder order;
  /** Whether contexts take turns; set once before the run (spatial sharing may turn it off). */
  private boolean slicing;
  private SimContext active;
  private boolean switching;
  private boolean sliceArmed;
  private int sliceGen;
  private long activeSinceNs;
  private int contextSwitches;

  TimeSlicer(Simulator sim, List<SimContext> contexts, boolean slicing, ContextOrder order) {
    this.sim = sim;
    this.contexts = contexts;
    this.slicing = slicing;
    this.order = order;
  }
  /** Whether contexts take turns on the device (two or more that may not share SMs). */
  boolean slicing() {
    return slicing;
  }

  /** Contexts take turns, or not: set once spatial sharing says whether they share SMs. */
  void setSlicing(boolean value) {
    slicing = value;
  }

  /** The context that has the device, while slicing. */
  SimContext active() {
    return active;
  }

  /** Whether a switch between contexts is under way. */
  boolean switching() {
    return switching;
  }

  /** Switches between contexts so far. */
  int contextSwitches() {
    return contextSwitches;
  }


  /** Before each placement pass: start a slice, or a switch if the active context is idle. */
  void manage() {
    if (switching) {
      return;
    }
    if (active == null) {
      if (sim.blocks.nothingToPlace()) {
        return;
      }
      active = sim.blocks.firstToPlace().queue.context;
      activeSinceNs = sim.now;
    }
    SimContext next = nextContextWithWork();
    if (next == null) {
      return;
    }
    if (active.residentBlocks == 0 && !sim.blocks.hasPlaceableWork(active)
        && !active.keptRunnable) {
      startSwitch(next);
    } else if (!sliceArmed) {
      sliceArmed = true;
      sim.events.push(Math.max(sim.now, activeSinceNs + sliceLength(active)), Events.SLICE_END,
          ++sliceGen);
    }
  }

  void sliceEnded(int gen) {
    if (gen != sliceGen) {
      return;
    }
    sliceArmed = false;
    SimContext next = nextContextWithWork();
    if (next != null && !switching) {
      startSwitch(next);
    }
  }

  /** The active context's time slice, as its highest-priority queue's engine policy sets it. */
  private long sliceLength(SimContext context) {
    PolicyEngine engine = context.topQueue.engine;
    long slice = engine.policy().timeSliceNs(context.spec, context.topQueue.priority, engine);
    if (slice < 1) {
      throw new InvariantViolationException("policy '" + sim.plugins.policyId() + "' gave context '"
          + context.spec.id() + "' a time slice of " + slice + " ns; it must be >= 1");
    }
    if (slice != sim.device.costs().timeSliceNs()) {
      sim.decisions.timeSlicesChanged++;
    }
    return slice;
  }

  private SimContext nextContextWithWork() {
    int n = contexts.size();
    SimContext best = null;
    for (int i = 1; i < n; i++) {
      SimContext candidate = contexts.get((active.index + i) % n);
      if (candidate.parked.isEmpty() && !sim.blocks.hasPlaceableWork(candidate)
          && !candidate.keptRunnable) {
        continue;
      }
      if (order == ContextOrder.RUNLIST) {
        return candidate;
      }
      if (best == null || candidate.runnableSinceNs < best.runnableSinceNs) {
        best = candidate;
      }
    }
    return best;
  }

  private void startSwitch(SimContext next) {
    switching = true;
    sliceArmed = false;
    sliceGen++;
    contextSwitches++;
    long reaction = sim.now + sim.hardware.preemptionSignalNs(sim.costs);
    long[] bytesPerSm = new long[sim.sms.count()];
    int[] threadsPerSm = new int[sim.sms.count()];
    List<ResidentBlock> parking = new ArrayList<>();
    for (SimJob job : List.copyOf(sim.blocks.residentJobs())) {
      if (job.queue.context != active) {
        continue;
      }
      sim.blocks.splitGroups(job); // its blocks are parked one by one
      for (ResidentBlock block : job.resident) {
        boolean running = block.state == ResidentBlock.RUNNING
            || block.state == ResidentBlock.DRAINING;
        if (!running || block.endNs <= reaction) {
          continue;
        }
        block.gen++;
        block.state = ResidentBlock.PARKING;
        block.stopOffsetNs = block.realProgressAt(reaction);
        block.execEndNs = Math.max(block.startNs, reaction);
        if (sim.listener != null && block.startNs < reaction) {
          // (a block still restoring or being dispatched has not executed yet)
          sim.listener.blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
              reaction, EngineListener.BlockEnd.SWITCHED_OUT);
        }
        bytesPerSm[block.sm] += job.kernel.contextBytesPerBlock();
        threadsPerSm[block.sm] += job.threads;
        parking.add(block);
      }
    }
    long savedAt = reaction;
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        savedAt = Math.max(savedAt,
            reaction + sim.hardware.saveNs(bytesPerSm[sm], threadsPerSm[sm],
                SaveKind.CONTEXT_SWITCH, sim.costs));
      }
    }
    long done = savedAt + sim.hardware.contextSwitchNs(sim.costs);
    if (sim.listener != null) {
      sim.listener.contextSwitched(sim.now, done, active.spec.id(), next.spec.id());
    }
    sim.events.push(done, new SwitchPlan(active, next, parking, savedAt), 0);
  }

  private void finishSwitch(SwitchPlan plan) {
    for (ResidentBlock block : plan.parking()) {
      SimJob job = block.job;
      sim.blocks.release(block);
      job.parked++;
      long bytes = job.kernel.contextBytesPerBlock();
      job.bytesSaved += bytes;
      plan.outgoing().parked.add(new Parked(job, block.sm, block.blockIndex, block.realDurationNs,
          block.stopOffsetNs, bytes));
      if (block.preemption != null) {
        block.preemption.pointReached(plan.savedAt());
        sim.preemptor.blockFreed(block.preemption);
      }
    }
    plan.outgoing().runnableSinceNs = sim.now;
    active = plan.incoming();
    activeSinceNs = sim.now;
    switching = false;
    // Blocks go back to the SMs they left; one whose SM is still held (e.g. by a block of the other
    // context that is stopping) waits for placement like a preempted block, and placement counts
    // its restore then.
    List<Parked> restoring = new ArrayList<>();
    long[] bytesPerSm = new long[sim.sms.count()];
    int[] threadsPerSm = new int[sim.sms.count()];
    for (Parked parked : active.parked) {
      SimJob job = parked.job();
      job.parked--;
      if (sim.sms.fits(parked.sm(), job.threads, job.registers, job.shared)) {
        sim.sms.allocate(parked.sm(), job.threads, job.registers, job.shared, sim.now);
        restoring.add(parked);
        bytesPerSm[parked.sm()] += parked.bytes();
        threadsPerSm[parked.sm()] += job.threads;
      } else {
        job.resumables.addFirst(new SimJob.Resumable(parked.blockIndex(), parked.realDurationNs(),
            parked.realDoneNs(), parked.bytes()));
        sim.blocks.enter(job);
      }
    }
    // Each SM reads its blocks back in one restore. The incoming context's slice starts once the
    // slowest SM is done (NVIDIA's TSG time slice excludes the switch).
    long[] restoredAt = new long[sim.sms.count()];
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        restoredAt[sm] = sim.now + sim.hardware.restoreNs(bytesPerSm[sm], threadsPerSm[sm],
            SaveKind.CONTEXT_SWITCH, sim.costs);
        activeSinceNs = Math.max(activeSinceNs, restoredAt[sm]);
      }
    }
    for (Parked parked : restoring) {
      SimJob job = parked.job();
      job.bytesRestored += parked.bytes();
      ResidentBlock block = sim.blocks.newBlock(job, parked.sm(), parked.blockIndex(),
          parked.realDurationNs(), parked.realDoneNs(), restoredAt[parked.sm()]);
      sim.blocks.startResidency(block, true);
      if (sim.listener != null) {
        sim.listener.contextRestored(block.sm, block.slot, job, block.blockIndex, sim.now,
            block.startNs, parked.bytes());
      }
    }
    active.parked.clear();
  }

  /** A block saved by a context switch, to be restored on the same SM. */
  record Parked(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneNs,
      long bytes) {}

  /** A context switch under way; its event finishes it. */
  record SwitchPlan(SimContext outgoing, SimContext incoming, List<ResidentBlock> parking,
      long savedAt) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      sim.slicer.finishSwitch(this);
    }
  }
}
