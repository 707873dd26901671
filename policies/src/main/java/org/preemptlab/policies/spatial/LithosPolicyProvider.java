package org.preemptlab.policies.spatial;

import java.util.List;
import java.util.Locale;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link LithosPolicy} as {@code lithos}. */
public final class LithosPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public LithosPolicyProvider() {
    super("lithos", "LithOS-style (SOSP'25) TPC scheduler: high-priority and best-effort queues "
        + "own SM quotas; best effort borrows the high-priority SMs only with blocks that end "
        + "within an atom, and its work in flight is throttled.", List.of(
            ParameterSpec.choice("high", "high", List.of("kernel", "high", "normal", "low"),
                "The lowest queue priority that counts as high-priority."),
            ParameterSpec.real("hp-share", 0.5, 0.01, 0.99, "",
                "Share of the device's SMs the high-priority queues own, in whole TPCs of two "
                    + "SMs (default 0.5, an even split between the two classes, is our choice: "
                    + "the paper's quotas are not readable)."),
            ParameterSpec.duration("atom", 500_000L, 1_000L, 1_000_000_000L,
                "Longest block a best-effort kernel may run on the high-priority SMs (LithOS "
                    + "slices kernels into atoms of about 500 us: the authors' blog, "
                    + "cs.cmu.edu/~csd-phd-blog/2025/lithos)."),
            ParameterSpec.duration("outstanding", 100_000L, 0L, 1_000_000_000L,
                "Best-effort work in flight (expected remaining time) beyond which no further "
                    + "best-effort kernel is launched (LithOS's 100 us outstanding-work limit, "
                    + "§5.3, as read in AureliusJustin/lithos-reproduction: docs/FIDELITY.md).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new LithosPolicy(
        Priority.valueOf(context.parameters().getString("high").toUpperCase(Locale.ROOT)),
        context.parameters().getDouble("hp-share"),
        context.parameters().getDurationNs("atom"),
        context.parameters().getDurationNs("outstanding"));
  }
}
