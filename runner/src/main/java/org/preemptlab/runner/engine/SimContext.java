package org.preemptlab.runner.engine;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.GpuContext;

/** A context: its blocks on SMs, its waiting jobs and the blocks a time slice switched out. */
final class SimContext {
  final GpuContext spec;
  final int index;
  final List<TimeSlicer.Parked> parked = new ArrayList<>();
  SimQueue topQueue;
  int residentBlocks;
  int pendingJobs;
  /** When it last became runnable or was switched out (first-come-first-served context order). */
  long runnableSinceNs;

  SimContext(GpuContext spec, int index) {
    this.spec = spec;
    this.index = index;
  }
}
