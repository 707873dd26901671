package org.preemptlab.policies.mechanism;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/**
 * Provides {@link ResetRealtimePolicy} as {@code reset-realtime}; parameters {@code realtime},
 * {@code best-effort}, {@code padding} and {@code padding-latencies-file} (a file of {@link
 * OccupancyLatencies}, read by {@code padding=dkp}).
 */
public final class ResetRealtimePolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public ResetRealtimePolicyProvider() {
    super("reset-realtime", "REEF: real-time queues first; a blocked real-time job resets "
        + "(kills, to re-run) idempotent best-effort kernels; run with --preemption flush.",
        List.of(ParameterSpec.choice("realtime", Priority.HIGH.name(),
            Arrays.stream(Priority.values()).map(Priority::name).toList(),
            "The lowest queue priority that counts as real-time; lower queues are best effort."),
            ParameterSpec.choice("best-effort", "pad", List.of("pad", "hold", "wait"),
                "While real-time work is unfinished, best effort fills the SM slots it leaves"
                    + " free (pad), is suspended with its resident blocks preempted (hold:"
                    + " REEF's Reset mode), or is suspended with its resident blocks draining"
                    + " while real-time work waits for its device queues to pass (wait: REEF's"
                    + " WaitPreempt mode)."),
            ParameterSpec.choice("padding", "none", List.of("none", "dkp"),
                "With best-effort hold: none, or dkp, REEF's dynamic kernel padding (its REEF"
                    + " mode): each real-time kernel runs on the SMs its blocks fill, and a"
                    + " chunk of a best-effort kernel that does not outlast it on the rest."),
            ParameterSpec.text("padding-latencies-file", "",
                "With padding dkp: a CSV file (kernel,total_us,latency_us) of each kernel's"
                    + " latency alone and its latencies at occupancy 1, 2, ... (space-separated),"
                    + " as REEF profiles them; padding then reads them as REEF's scheduler does."
                    + " Empty: a block lasts its program at any occupancy.")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    String bestEffort = context.parameters().getString("best-effort");
    String padding = context.parameters().getString("padding");
    if (padding.equals("dkp") && !bestEffort.equals("hold")) {
      throw new ConfigurationException("policy 'reset-realtime': padding 'dkp' needs best-effort"
          + " 'hold' (REEF pads only in its Reset mode), got best-effort '" + bestEffort + "'");
    }
    String latencyFile = context.parameters().getString("padding-latencies-file").strip();
    if (!latencyFile.isEmpty() && !padding.equals("dkp")) {
      throw new ConfigurationException("policy 'reset-realtime': padding-latencies-file is read by"
          + " padding 'dkp' only, got padding '" + padding + "'");
    }
    return new ResetRealtimePolicy(Priority.valueOf(context.parameters().getString("realtime")),
        ResetRealtimePolicy.BestEffort.valueOf(bestEffort.toUpperCase(Locale.ROOT)),
        ResetRealtimePolicy.Padding.valueOf(padding.toUpperCase(Locale.ROOT)),
        latencyFile.isEmpty() ? OccupancyLatencies.NONE
            : OccupancyLatencies.read(Path.of(latencyFile)));
  }
}
