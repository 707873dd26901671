package org.preemptlab.hardware;

import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;
import org.preemptlab.api.hardware.SmSpec;

/**
 * The {@code drm-mock} hardware model: the mock GPU of the Linux DRM scheduler's KUnit tests
 * (torvalds/linux drivers/gpu/drm/scheduler/tests/mock_scheduler.c): one serial timeline per
 * scheduler on which each job runs for its duration after the previous one, and a job of duration 0
 * blocks the timeline until the test advances it. The model says so ({@link
 * HardwareModel#serialTimeline()}), and the engine's DRM scheduler layer then runs each scheduler's
 * jobs on such a timeline (scenario files, {@code preemptlab run} or {@code drm-scenario}); the
 * device below is a placeholder with one SM and free costs, so the SM-level engine can also run on
 * it.
 *
 * @since 0.1
 */
public final class DrmMockProvider implements HardwareModelProvider {
  /** The placeholder device. */
  static final DeviceSpec DEVICE = new DeviceSpec("DRM KUnit mock GPU (serial timeline per "
      + "scheduler)", 1, new SmSpec(2048, 32, 65_536, 0, 0), 1000, DeviceCosts.free(), false, true);

  /** Creates the provider; ServiceLoader calls this. */
  public DrmMockProvider() {}

  @Override
  public String id() {
    return "drm-mock";
  }

  @Override
  public String description() {
    return "The DRM scheduler KUnit mock GPU: one serial timeline per scheduler, duration-0 jobs"
        + " block until advanced (for preemptlab drm-scenario); placeholder device";
  }

  @Override
  public HardwareModel create(PluginContext context) {
    return new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return DEVICE;
      }

      @Override
      public boolean serialTimeline() {
        return true;
      }
    };
  }
}
