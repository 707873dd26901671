package org.preemptlab.runner.workload.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.api.workload.WorkloadProvider;
import org.preemptlab.runner.workload.YamlMappers;

/**
 * The {@code trace-mix} workload: several traces co-located on one GPU, each as its own context
 * (or contexts) with its own priority and options. Parameter {@code path} names a YAML file with a
 * list {@code traces}; each entry has a {@code format} ({@code pytorch-trace} or {@code
 * nsys-trace}) and that workload's parameters, with relative paths resolved against the YAML
 * file's directory ({@code docs/traces.md}, "Co-location"). Job ids follow the list: the first
 * trace's jobs first.
 */
public final class TraceMixProvider implements WorkloadProvider {
  private static final Map<String, TraceProvider> FORMATS = new LinkedHashMap<>();

  static {
    FORMATS.put("pytorch-trace", new PytorchTraceProvider());
    FORMATS.put("nsys-trace", new NsysTraceProvider());
  }

  @Override
  public String id() {
    return "trace-mix";
  }

  @Override
  public String description() {
    return "Co-locates several PyTorch or Nsight Systems traces as contexts with own priorities";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(ParameterSpec.text("path", "",
        "Path of the YAML file that lists the traces (docs/traces.md); required"));
  }

  /** Reads the mix file and every trace in it. */
  @Override
  public WorkloadGenerator create(PluginContext context) {
    String path = context.parameters().getString("path").trim();
    if (path.isEmpty()) {
      throw new ConfigurationException("workload 'trace-mix' needs parameter 'path': the YAML "
          + "file that lists the traces");
    }
    Workload workload = load(Path.of(path), context.device());
    return () -> workload;
  }

  /**
   * Reads a mix file and co-locates its traces.
   *
   * @param run the run's device, or null when every entry names its {@code traced-hardware}
   */
  public static Workload load(Path file, DeviceSpec run) {
    String source = TraceFiles.name(file);
    JsonNode root;
    if (!Files.exists(file)) {
      throw new ConfigurationException(source + ": no such file (" + file.toAbsolutePath() + ")");
    }
    // read through the size limit: /dev/zero or a huge file fails at once, naming the limit
    String text = Limits.readText(file, "trace mix file", Limits.MAX_TEXT_FILE_BYTES);
    YamlMappers.checkStrict(text, source);
    try {
      root = YamlMappers.strict().readTree(text);
    } catch (JsonProcessingException e) {
      String message = TraceFiles.oneLine(e.getOriginalMessage());
      if (message.startsWith("Trailing token")) {
        throw new ConfigurationException(source + ":" + e.getLocation().getLineNr() + ": a "
            + "second YAML document (after a '---' line); a trace mix file is one document");
      }
      throw org.preemptlab.runner.workload.SpecErrors.translate(e, source, null);
    }
    if (root == null || !root.isObject() || !root.path("traces").isArray()
        || root.path("traces").isEmpty()) {
      throw new ConfigurationException(source + ": expected a mapping with a non-empty list "
          + "'traces'");
    }
    for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
      String key = keys.next();
      if (!key.equals("traces") && !key.equals("description")) {
        throw new ConfigurationException(source + ": " + ConfigurationException.unknown("key", key,
            List.of("description", "traces")).getMessage());
      }
    }
    Path directory = file.toAbsolutePath().getParent();
    List<GpuContext> contexts = new ArrayList<>();
    List<JobQueue> queues = new ArrayList<>();
    JobList.Builder jobs = JobList.builder(0); // by column: no record kept per job
    int jobCount = 0;
    Map<String, Integer> contextOwner = new HashMap<>();
    int index = 0;
    for (JsonNode entry : root.path("traces")) {
      String where = source + ": traces[" + index + "]";
      if (!entry.isObject()) {
        throw new ConfigurationException(where + ": expected a mapping with 'format' and 'path'");
      }
      Map<String, String> values = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (!field.getValue().isValueNode()) {
          throw new ConfigurationException(where + "." + field.getKey() + ": expected a value");
        }
        values.put(field.getKey(), field.getValue().asText());
      }
      String format = values.remove("format");
      if (format == null) {
        throw new ConfigurationException(where + ": missing 'format'; valid: "
            + String.join(", ", FORMATS.keySet()));
      }
      TraceProvider provider = FORMATS.get(format);
      if (provider == null) {
        throw new ConfigurationException(where + ".format: " + ConfigurationException.unknown(
            "trace format", format, FORMATS.keySet()).getMessage());
      }
      Parameters parameters = Parameters.of(where + " (" + format + ")", provider.parameters(),
          values);
      TraceReplay.Part part;
      try {
        part = provider.load(parameters, run, directory, jobCount);
      } catch (ConfigurationException e) {
        throw new ConfigurationException(where + ": " + e.getMessage(), e);
      }
      for (GpuContext context : part.contexts()) {
        Integer owner = contextOwner.putIfAbsent(context.id(), index);
        if (owner != null) {
          throw new ConfigurationException(where + ".context: context '" + context.id()
              + "' is already used by traces[" + owner + "]; give every trace its own 'context'");
        }
      }
      contexts.addAll(part.contexts());
      queues.addAll(part.queues());
      jobCount += part.jobs().size();
      if (jobCount > Limits.MAX_JOBS) {
        throw new ConfigurationException(where + ": the traces up to this one make " + jobCount
            + " jobs, more than the " + Limits.MAX_JOBS + " one workload may hold; lower their "
            + "'repeat' or select windows");
      }
      part.jobs().forEach(jobs::add);
      index++;
    }
    return new Workload(contexts, queues, jobs.build());
  }
}
