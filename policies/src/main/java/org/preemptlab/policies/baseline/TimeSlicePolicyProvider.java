package org.preemptlab.policies.baseline;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides {@link TimeSlicePolicy} under the id {@code time-slice}, with one duration parameter per
 * priority. Defaults are nvgpu's ({@code tsg.h}): LOW 1.3 ms, NORMAL (nvgpu's "medium") 2.6 ms,
 * HIGH 5.2 ms; nvgpu has no level above high, so KERNEL also gets 5.2 ms. Valid range 1 ms to 50 ms,
 * nvgpu's minimum and maximum.
 */
public final class TimeSlicePolicyProvider implements SchedulingPolicyProvider {

  /** The plugin id. */
  public static final String ID = "time-slice";
  /** Slice of contexts whose highest queue priority is KERNEL. */
  public static final String SLICE_KERNEL = "slice-kernel";
  /** Slice of contexts whose highest queue priority is HIGH. */
  public static final String SLICE_HIGH = "slice-high";
  /** Slice of contexts whose highest queue priority is NORMAL. */
  public static final String SLICE_NORMAL = "slice-normal";
  /** Slice of contexts whose highest queue priority is LOW. */
  public static final String SLICE_LOW = "slice-low";

  private static final List<ParameterSpec> PARAMETERS = List.of(
      slice(SLICE_KERNEL, SliceLengths.HIGH_NS, "KERNEL", "nvgpu has no level above high, so "
          + "its high-priority 5,200 us"),
      slice(SLICE_HIGH, SliceLengths.HIGH_NS, "HIGH", "nvgpu's high-priority 5,200 us"),
      slice(SLICE_NORMAL, SliceLengths.NORMAL_NS, "NORMAL", "nvgpu's medium-priority 2,600 us"),
      slice(SLICE_LOW, SliceLengths.LOW_NS, "LOW", "nvgpu's low-priority 1,300 us"));

  /** Creates the provider; ServiceLoader calls this. */
  public TimeSlicePolicyProvider() {}

  private static ParameterSpec slice(String name, long defaultNs, String priority, String source) {
    return ParameterSpec.duration(name, defaultNs, SliceLengths.MIN_NS, SliceLengths.MAX_NS,
        "Time slice of a context whose highest queue priority is " + priority
            + ", not counting the switch; default " + source + " (nvgpu tsg.h).");
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Round-robin dispatch; contexts that may not share SMs get nvgpu-style time slices by "
        + "priority.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return PARAMETERS;
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    Parameters p = context.parameters();
    return new TimeSlicePolicy(new SliceLengths(p.getDurationNs(SLICE_KERNEL),
        p.getDurationNs(SLICE_HIGH), p.getDurationNs(SLICE_NORMAL), p.getDurationNs(SLICE_LOW)));
  }
}
