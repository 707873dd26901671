package org.preemptlab.runner.workload.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;

/**
 * What the two trace workloads share: the parameters of {@link TraceOptions}, reading and mapping
 * in {@link #create}, so a bad trace fails before anything is simulated. A trace draws no random
 * numbers.
 */
abstract class TraceProvider implements WorkloadProvider {
  private final String id;
  private final String format;
  private final boolean steps;
  private final Function<Path, RecordedTrace> reader;

  TraceProvider(String id, String format, boolean steps, Function<Path, RecordedTrace> reader) {
    this.id = id;
    this.format = format;
    this.steps = steps;
    this.reader = reader;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final List<ParameterSpec> parameters() {
    return TraceOptions.parameters(steps, format);
  }

  /** Reads the trace, resolves the traced GPU and maps the trace onto a workload. */
  @Override
  public final WorkloadGenerator create(PluginContext context) {
    Workload workload = load(context.parameters(), context.device(), Path.of(""), 0).workload();
    return () -> workload;
  }

  /**
   * Reads and maps one trace.
   *
   * @param values validated parameter values
   * @param run the run's device, or null
   * @param directory the directory a relative {@code path} is resolved against
   * @param firstJobId the first job id to use
   */
  TraceReplay.Part load(Parameters values, DeviceSpec run, Path directory, long firstJobId) {
    String path = values.getString("path").trim();
    if (path.isEmpty()) {
      throw new ConfigurationException("workload '" + id + "' needs parameter 'path': the "
          + format + " to replay");
    }
    Path file = directory.resolve(path);
    RecordedTrace trace = reader.apply(file);
    TraceOptions options = TraceOptions.of(values,
        TraceOptions.contextFromFile(TraceFiles.name(file)));
    DeviceSpec traced = TracedHardware.resolve(options.tracedHardware(), run,
        "workload '" + id + "'");
    DeviceSpec target = run != null ? run : traced;
    return TraceReplay.replay(trace, options, traced, target, firstJobId);
  }
}
