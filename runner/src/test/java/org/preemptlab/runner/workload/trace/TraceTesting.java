package org.preemptlab.runner.workload.trace;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadProvider;

/** Creating trace workloads through their providers, as a run does. */
final class TraceTesting {
  static final DeviceSpec H200 = TracedHardware.resolve("h200", null, "test");

  private TraceTesting() {}

  static WorkloadProvider provider(String id) {
    return ServiceLoader.load(WorkloadProvider.class).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.id().equals(id)).findFirst().orElseThrow();
  }

  /** The workload of provider {@code id} on an H200 with {@code path} and {@code parameters}. */
  static Workload workload(String id, Path path, Map<String, String> parameters) {
    return workload(id, path, parameters, H200);
  }

  static Workload workload(String id, Path path, Map<String, String> parameters,
      DeviceSpec device) {
    WorkloadProvider provider = provider(id);
    Map<String, String> all = new HashMap<>(parameters);
    all.put("path", path.toString());
    Parameters values = Parameters.of("workload '" + id + "'", provider.parameters(), all);
    return provider.create(new PluginContext(values, device, new SplittableRandom(1)))
        .generate();
  }
}
