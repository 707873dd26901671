package org.preemptlab.runner.engine.drm;

/**
 * The ring of one DRM scheduler on SM hardware (a model that is not a serial timeline): {@code
 * run_job} submits the job's kernel to the engine ({@code Simulator.submitFromLayer}), whose launcher
 * dispatches it at once and whose block scheduler places its blocks on the SMs beside the kernels
 * of every other ring; the hardware fence signals when the kernel's last block completes. A reset
 * ({@link #unlink}, from the timeout handler or a teardown) is the engine's {@code abortJob}: the
 * kernel's resident blocks leave their SMs without re-running and free their resources, and the
 * layer signals the fence with the error of its outcome.
 */
final class KernelRing implements DrmRing {
  private final DrmLayer layer;

  KernelRing(DrmLayer layer) {
    this.layer = layer;
  }

  @Override
  public void run(DrmJob job) {
    layer.ringEntered(job);
    layer.engine().submitFromLayer(job.kernelIndex);
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
