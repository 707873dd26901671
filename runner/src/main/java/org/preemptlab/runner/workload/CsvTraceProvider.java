package org.preemptlab.runner.workload;

import java.nio.file.Path;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;

/**
 * The {@code csv-trace} workload: the jobs of a CSV trace file ({@code docs/trace-format.md}). The
 * trace is read and validated in {@link #create}, so a malformed row fails before anything is
 * simulated. A trace draws no random numbers.
 */
public final class CsvTraceProvider implements WorkloadProvider {

  @Override
  public String id() {
    return "csv-trace";
  }

  @Override
  public String description() {
    return "Replays the jobs of a CSV trace file (docs/trace-format.md)";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.text("path", "", "Path of the CSV trace file; required"));
  }

  /** Reads and validates the trace. */
  @Override
  public WorkloadGenerator create(PluginContext context) {
    String path = context.parameters().getString("path").trim();
    if (path.isEmpty()) {
      throw new ConfigurationException(
          "workload 'csv-trace' needs parameter 'path': the CSV trace file to replay");
    }
    Workload workload = CsvTraceReader.read(Path.of(path),
        context.hardware() == null ? null : CycleClock.of(context.hardware()));
    return () -> workload;
  }
}
