package org.preemptlab.policies.rate;

import java.util.List;
import java.util.Locale;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link TgsPolicy} as {@code tgs}. */
public final class TgsPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public TgsPolicyProvider() {
    super("tgs", "TGS (NSDI'23): the production job's kernels launch unthrottled; the "
        + "opportunistic job's launches are limited per window by an adaptive rate controller "
        + "driven by the production job's launched blocks (slow start, congestion avoidance).",
        List.of(
            ParameterSpec.choice("high", "high", List.of("kernel", "high", "normal", "low"),
                "The lowest queue priority that counts as the production job (TGS has one "
                    + "production and one opportunistic container)."),
            ParameterSpec.duration("sample-period", 5_000_000_000L, 1_000_000L,
                3_600_000_000_000L, "Period of the production job's rate samples (pkusys/TGS "
                    + "high_priority_hijack_call.c: rate_monitor and rate_watcher, 5000 ms)."),
            ParameterSpec.duration("window", 50_000_000L, 1_000L, 3_600_000_000_000L,
                "Window the opportunistic job's launched blocks are counted in against the "
                    + "limit (pkusys/TGS low_priority_hijack_call.c: rate_watcher, 50 ms)."),
            ParameterSpec.integer("steps-per-sample", 1, 1, 100_000, "",
                "Controller steps on each sample: 1 as TGS's limit_manager, which blocks on "
                    + "each sample; more for Tally's port, whose loop re-reads the latest "
                    + "sample without waiting (then also on the initial 0 at the start)."),
            ParameterSpec.integer("max-in-flight", 0, 0, 1_000_000, "",
                "Most opportunistic jobs launched between drains of its work; 0 for no bound "
                    + "(TGS). Tally's port: 20 (tally-project/tally "
                    + "src/tally/scheduler/tgs.cpp)."),
            ParameterSpec.bool("stream-priority", true, "Whether the hardware block scheduler "
                + "serves the production job's blocks first when SM slots free (its queue's "
                + "priority); false: launch order only, as in Tally's port, whose server gives "
                + "no stream a priority (tally-project/tally src/tally/server.cpp).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new TgsPolicy(
        Priority.valueOf(context.parameters().getString("high").toUpperCase(Locale.ROOT)),
        context.parameters().getDurationNs("sample-period"),
        context.parameters().getDurationNs("window"),
        context.parameters().getInt("steps-per-sample"),
        context.parameters().getInt("max-in-flight"),
        context.parameters().getBoolean("stream-priority"));
  }
}
