package org.preemptlab.runner.drm;

import org.preemptlab.api.ConfigurationException;

/**
 * The ring of one DRM scheduler on SM hardware (a model that is not a serial timeline): {@code
 * run_job} submits the job's kernel to the engine ({@code Simulator.submitFromLayer}), whose launcher
 * dispatches it at once and whose block scheduler places its blocks on the SMs beside the kernels
 * of every other ring; the hardware fence signals when the kernel's last block completes. A reset
 * ({@link #unlink}, from the timeout handler or a teardown) is the engine's {@code abortJob}: the
 * kernel's resident blocks leave their SMs without re-running and free their resources, and the
 * layer signals the fence with the error of its outcome. A KARMA resubmission runs the next of the
 * job's kernels (the layer holds one per run it may need), so a reset kernel is never run twice.
 */
final class KernelRing implements DrmRing {
  private final DrmLayer layer;

  KernelRing(DrmLayer layer) {
    this.layer = layer;
  }

  /**
   * Runs the job's next kernel: its first, or after a KARMA reset a fresh copy, which starts from
   * its first block as the resubmitted job does ({@code drm_sched_resubmit_jobs}).
   */
  @Override
  public void run(DrmJob job) {
    int next = job.kernelIndex < 0 ? job.firstKernel : job.kernelIndex + 1;
    if (next >= job.firstKernel + job.kernelCount) {
      throw new ConfigurationException("job " + job.name + ": KARMA resubmitted it more than "
          + "hang-limit times (its entity's priority became kernel, whose karma never grows); on "
          + "SM hardware every run needs a kernel held before the run, so set-priority to kernel "
          + "is not valid with KARMA there");
    }
    job.kernelIndex = next;
    layer.ringEntered(job);
    layer.engine().submitFromLayer(next);
  }

  @Override
  public void unlink(DrmJob job) {
    if (job.onHardware) {
      layer.ringLeft(job);
      layer.engine().abortJob(job.kernelIndex);
    }
  }

  @Override
  public int advance(int count) {
    throw new IllegalStateException("advance needs a serial-timeline ring; the layer refuses "
        + "'advance' steps on SM hardware before the run");
  }
}
