package org.preemptlab.runner.workload;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;

/**
 * The {@code none} workload: no contexts, queues or jobs, for a run whose jobs all come from its
 * applications (the default workload of a configuration with {@code applications:} and no {@code
 * workload:}).
 */
public final class NoWorkloadProvider implements WorkloadProvider {

  @Override
  public String id() {
    return "none";
  }

  @Override
  public String description() {
    return "No jobs: every job of the run comes from its applications";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of();
  }

  @Override
  public WorkloadGenerator create(PluginContext context) {
    return () -> new Workload(List.of(), List.of(), List.of());
  }
}
