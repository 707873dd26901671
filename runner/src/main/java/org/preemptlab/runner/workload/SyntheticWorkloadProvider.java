package org.preemptlab.runner.workload;

import java.nio.file.Path;
import java.util.List;
import org.preemptlab.api.Limits;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;

/**
 * The {@code synthetic} workload: a {@link SyntheticSpec} read from a YAML file (or the built-in
 * demo spec) and generated with the plugin's random stream. The spec is read and validated in
 * {@link #create}, so a bad spec fails before anything is simulated.
 */
public final class SyntheticWorkloadProvider implements WorkloadProvider {

  @Override
  public String id() {
    return "synthetic";
  }

  @Override
  public String description() {
    return "Synthetic workload from a YAML spec of queues, arrival processes and kernel mixes";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.text("spec", "",
            "Path of a YAML workload spec (docs/workloads.md); empty for the built-in demo spec"),
        ParameterSpec.duration("duration", 0, 0, Limits.MAX_DURATION_NS,
            "Overrides the spec's horizon: no job is submitted at or after it; 0 keeps the spec's"));
  }

  /** Reads the spec, applies the duration override and draws the root seed. */
  @Override
  public WorkloadGenerator create(PluginContext context) {
    String file = context.parameters().getString("spec").trim();
    SyntheticSpec spec = file.isEmpty() ? SyntheticSpecs.demo()
        : SyntheticSpecs.load(Path.of(file));
    long duration = context.parameters().getDurationNs("duration");
    SyntheticSpec effective = duration > 0 ? spec.withDuration(duration) : spec;
    long rootSeed = context.random().nextLong();
    CycleClock clock = context.hardware() == null ? null : CycleClock.of(context.hardware());
    return () -> SyntheticWorkload.generate(effective, rootSeed, clock);
  }
}
