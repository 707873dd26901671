package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.GpuContext;

/** A context: its blocks on SMs, its waiting jobs and the blocks a time slice switched out. */
final class SimContext {
  final GpuContext spec;
  final int index;
  final List<ContextResidency.Parked> parked = new ArrayList<>();
  @OwnedBy(Launcher.class) SimQueue topQueue;
  /**
   * Its MPS client priority as the block scheduler ranks it: 0 for NORMAL, 1 for BELOW_NORMAL
   * (every job of a normal context is served first); 0 unless the run shares the device by MPS.
   */
  @OwnedBy(Simulator.class) int clientRank;
  /**
   * The contexts whose work makes a launch into this one find the hardware busy, itself included
   * (the contexts of its MIG instance), or null for the whole device ({@link
   * SpatialSharing#isolationGroups()}).
   */
  @OwnedBy(Simulator.class) SimContext[] launchPeers;
  @OwnedBy(BlockResidency.class) int residentBlocks;
  @OwnedBy(BlockScheduler.class) int pendingJobs;
  /** When it last became runnable or was switched out (first-come-first-served context order). */
  @OwnedBy({BlockScheduler.class, PolicyEngine.class, TimeSlicer.class}) long runnableSinceNs;
  /** Kept runnable without work by its policy ({@code SchedulerView.keepContextRunnable}). */
  @OwnedBy(PolicyEngine.class) boolean keptRunnable;

  SimContext(GpuContext spec, int index) {
    this.spec = spec;
    this.index = index;
  }
}
