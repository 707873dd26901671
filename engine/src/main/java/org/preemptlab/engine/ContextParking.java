package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.hardware.SaveKind;

/**
 * Time-slice parking, for block placement ({@link BlockScheduler}): when the time slicer switches
 * the device away from a context, the context's running blocks stop when the request reaches the
 * SMs and are saved, each SM writing its blocks in one save; they wait, parked, until the context
 * has the device again, and are then restored on the SMs they left, each SM in one restore. A
 * parked block whose SM is held when its context returns waits for placement like a preempted one.
 */
final class ContextParking {
  private final RunServices run;
  private final SmArray sms;
  private final BlockResidency residency;
  private final BlockGroups groups;
  /** Placement, which a parked block whose SM is held enters again. */
  private final Placement placement;
  /** The preemptor, told when a block a preemption also stopped leaves its SM ({@link #connect}). */
  private StopPoints stops;

  ContextParking(RunServices run, SmArray sms, BlockResidency residency, BlockGroups groups,
      Placement placement) {
    this.run = run;
    this.sms = sms;
    this.residency = residency;
    this.groups = groups;
    this.placement = placement;
  }

  /** Connects the preemptor; call once, before the run. */
  void connect(StopPoints stops) {
    this.stops = stops;
  }

  /** Whether {@code context} has blocks a switch saved, waiting to be restored. */
  boolean hasParkedBlocks(SimContext context) {
    return !context.parked.isEmpty();
  }

  /** See {@link ContextResidency#park}. */
  ContextResidency.Parking park(SimContext context, long reactionNs) {
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    List<ResidentBlock> parking = new ArrayList<>();
    EngineListener listener = run.listener();
    for (SimJob job : List.copyOf(residency.residentJobs())) {
      if (job.queue.context != context) {
        continue;
      }
      groups.split(job); // its blocks are parked one by one
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
    return new ContextResidency.Parking(context, parking, savedAt);
  }

  /** See {@link ContextResidency#parked}. */
  void parked(ContextResidency.Parking parking) {
    for (ResidentBlock block : parking.blocks()) {
      if (block.state == ResidentBlock.DROPPED) {
        continue; // its job was aborted during the switch: it already left its SM
      }
      SimJob job = block.job;
      residency.release(block);
      residency.retire(block);
      job.parked++;
      long bytes = job.kernel.contextBytesPerBlock();
      job.bytesSaved += bytes;
      parking.context().parked.add(new ContextResidency.Parked(job, block.sm, block.blockIndex,
          block.realDurationNs, block.stopOffsetNs, bytes));
      if (block.preemption != null) {
        block.preemption.pointReached(parking.savedAtNs());
        stops.blockFreed(block.preemption);
      }
    }
  }

  /** See {@link ContextResidency#unpark}. */
  long unpark(SimContext context) {
    // Blocks go back to the SMs they left; one whose SM is still held (e.g. by a block of the other
    // context that is stopping) waits for placement like a preempted block, and placement counts
    // its restore then.
    long now = run.now();
    List<ContextResidency.Parked> restoring = new ArrayList<>();
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    for (ContextResidency.Parked parked : context.parked) {
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
        placement.enter(job);
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
    for (ContextResidency.Parked parked : restoring) {
      SimJob job = parked.job();
      job.bytesRestored += parked.bytes();
      ResidentBlock block = residency.newBlock(job, parked.sm(), parked.blockIndex(),
          parked.realDurationNs(), parked.realDoneNs(), restoredAt[parked.sm()]);
      residency.start(block, true);
      groups.queueCompletion(block, false); // a restored block never joins a group
      if (listener != null) {
        listener.contextRestored(block.sm, block.slot, job, block.blockIndex, now,
            block.startNs, parked.bytes());
      }
    }
    context.parked.clear();
    return slowest;
  }

  /** Forgets the blocks of {@code job} (a reset) that a switch has parked: they are never restored. */
  void forget(SimJob job) {
    if (job.parked > 0) {
      job.queue.context.parked.removeIf(parked -> parked.job() == job);
      job.parked = 0;
    }
  }
}
