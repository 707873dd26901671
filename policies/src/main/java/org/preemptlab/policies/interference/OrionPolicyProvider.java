package org.preemptlab.policies.interference;

import java.util.List;
import java.util.Locale;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.PolicyProviderBase;

/** Provides {@link OrionPolicy} as {@code orion}. */
public final class OrionPolicyProvider extends PolicyProviderBase {

  /** Creates the provider; ServiceLoader calls this. */
  public OrionPolicyProvider() {
    super("orion", "Orion-style (EuroSys'24): high-priority kernels first; a best-effort kernel "
        + "launches beside them only if its compute/memory profile and SM needs complement "
        + "theirs, and best-effort work in flight is bounded.", List.of(
            ParameterSpec.choice("high", "high", List.of("kernel", "high", "normal", "low"),
                "The lowest queue priority that counts as high-priority (Orion has one "
                    + "high-priority client)."),
            ParameterSpec.real("sm-threshold", 1.0, 0.01, 1.0, "",
                "Share of the device's SMs the high-priority and co-located best-effort kernels "
                    + "may need together (artifact: sm_threshold = max_sms for an inference "
                    + "high-priority client)."),
            ParameterSpec.real("be-duration-fraction", 1.0, 0.0, 100.0, "",
                "Best-effort work launched between drains, as a multiple of the latest "
                    + "high-priority job's expected duration (artifact: --orion_max_be_duration; "
                    + "default 1.0 is our choice)."),
            ParameterSpec.duration("be-duration-max", 0L, 0, 10_000_000_000L,
                "Best-effort work launched between drains, absolute, as the artifact's "
                    + "--orion_max_be_duration (e.g. 160us beside a ResNet50 high-priority "
                    + "client); 0 (default) uses be-duration-fraction instead."),
            ParameterSpec.real("memory-bound-threshold", 0.5, 0.01, 1.0, "",
                "Share of the device's DRAM bandwidth a kernel must demand to count as memory "
                    + "bound (our stand-in for Orion's roofline ridge point; default 0.5 is our "
                    + "choice).")));
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new OrionPolicy(
        Priority.valueOf(context.parameters().getString("high").toUpperCase(Locale.ROOT)),
        context.parameters().getDouble("sm-threshold"),
        context.parameters().getDouble("be-duration-fraction"),
        context.parameters().getDouble("memory-bound-threshold"),
        context.parameters().getDurationNs("be-duration-max"));
  }
}
