package org.preemptlab.applications.training;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.metrics.ContributesMetrics;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricUnit;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/**
 * The {@code training-loop} application ({@link TrainingLoop}). Every phase's kernel shape is a
 * parameter the user must give (grid, threads, registers and block time; shared memory defaults
 * to none): a training step's kernels depend entirely on the model, the batch and the library, so
 * the plugin ships no shape it could not source. Measure them with a profiler (Nsight Systems or
 * the PyTorch profiler: grid and block size are in every kernel event) and write them in.
 */
public final class TrainingLoopProvider implements ApplicationProvider, ContributesMetrics {
  /** The phases of an iteration, in launch order. */
  static final List<String> PHASES = List.of("forward", "backward", "optimizer");
  /**
   * The most registers a thread may use on every CUDA GPU since compute capability 3.5 (NVIDIA,
   * CUDA C++ Programming Guide, "Technical Specifications per Compute Capability": maximum number
   * of 32-bit registers per thread, 255).
   */
  static final int MAX_REGISTERS_PER_THREAD = 255;

  @Override
  public String id() {
    return "training-loop";
  }

  @Override
  public String description() {
    return "Training iterations of forward, backward and optimizer kernels; the next iteration "
        + "starts when the optimizer step finishes";
  }

  @Override
  public List<ParameterSpec> parameters() {
    List<ParameterSpec> specs = new ArrayList<>();
    specs.add(ParameterSpec.integer("iterations", 10, 1, 100_000, "iterations",
        "Training iterations to run"));
    specs.add(ParameterSpec.duration("duration", 0, 0, Limits.MAX_DURATION_NS,
        "Launch no iteration at or after this time (0: run all iterations)"));
    specs.add(ParameterSpec.integer("batch-size", 1, 1, 1 << 24, "samples",
        "Samples per iteration, for samples per second"));
    specs.add(ParameterSpec.choice("priority", Priority.LOW.name(),
        List.of("KERNEL", "HIGH", "NORMAL", "LOW"), "Priority of the training queue"));
    specs.add(ParameterSpec.text("queue", "training",
        "Id of the training queue and of its context; must not clash with the workload's"));
    specs.add(ParameterSpec.text("profile-path", "",
        "An iteration's kernels from a profile file (preemptlab profile writes one from a PyTorch"
            + " profiler trace) instead of the phase shapes; empty: the phase shapes"));
    for (String phase : PHASES) {
      specs.add(ParameterSpec.integer(phase + "-kernels", 1, 0, 10_000, "kernels",
          "Kernels of the " + phase + " phase per iteration, launched back to back"
              + (phase.equals("optimizer") ? " (at least 1: its end ends the iteration)" : "")));
      specs.add(ParameterSpec.integer(phase + "-grid", 0, 0, Limits.MAX_GRID_BLOCKS, "blocks",
          "Blocks of each " + phase + " kernel; required"));
      specs.add(ParameterSpec.integer(phase + "-threads", 0, 0, 1 << 16, "threads",
          "Threads per block of each " + phase + " kernel; required"));
      specs.add(ParameterSpec.integer(phase + "-registers", 0, 0, MAX_REGISTERS_PER_THREAD,
          "registers", "Registers per thread of each " + phase + " kernel; required"));
      specs.add(ParameterSpec.integer(phase + "-shared-memory", 0, 0, 1 << 30, "bytes",
          "Shared memory per block of each " + phase + " kernel"));
      specs.add(ParameterSpec.duration(phase + "-block-time", 0, 0, Limits.MAX_DURATION_NS,
          "How long one block of each " + phase + " kernel runs alone; required"));
    }
    return List.copyOf(specs);
  }

  @Override
  public List<MetricDeclaration> metrics() {
    return List.of(
        new MetricDeclaration("iterations", "iterations", MetricUnit.COUNT, true,
            "training iterations completed"),
        new MetricDeclaration("iteration-mean", "iteration time mean", MetricUnit.NANOSECONDS,
            false, "mean over the iterations of the optimizer step's finish minus the "
                + "iteration's submission"),
        new MetricDeclaration("iteration-p50", "iteration time p50", MetricUnit.NANOSECONDS,
            false, "nearest-rank median of the iteration times"),
        new MetricDeclaration("iteration-p99", "iteration time p99", MetricUnit.NANOSECONDS,
            false, "nearest-rank 99th percentile of the iteration times"),
        new MetricDeclaration("samples-per-second", "training samples/s", MetricUnit.PER_SECOND,
            true, "batch size times iterations over the time from the first iteration's "
                + "submission to the last one's end; undefined before one iteration ends"));
  }

  @Override
  public Application create(PluginContext context) {
    Parameters p = context.parameters();
    if (p.getInt("optimizer-kernels") < 1) {
      throw new ConfigurationException("training-loop: optimizer-kernels must be at least 1 "
          + "(the optimizer step's end ends the iteration)");
    }
    String profile = p.getString("profile-path").trim();
    List<Kernel> iteration = new ArrayList<>();
    if (!profile.isEmpty()) {
      List<String> shaped = PHASES.stream().filter(phase -> p.getLong(phase + "-grid") != 0
          || p.getLong(phase + "-threads") != 0 || p.getLong(phase + "-registers") != 0
          || p.getDurationNs(phase + "-block-time") != 0).toList();
      if (!shaped.isEmpty()) {
        throw new ConfigurationException("training-loop: give either profile-path or the "
            + "phases' kernel shapes, not both (shapes set for " + String.join(", ", shaped)
            + ")");
      }
      iteration.addAll(IterationProfile.read(java.nio.file.Path.of(profile)));
    }
    for (String phase : profile.isEmpty() ? PHASES : List.<String>of()) {
      int count = p.getInt(phase + "-kernels");
      if (count == 0) {
        continue;
      }
      Kernel kernel = kernel(p, phase);
      for (int i = 0; i < count; i++) {
        iteration.add(kernel);
      }
    }
    String queue = p.getString("queue").trim();
    if (!queue.matches("[A-Za-z0-9][A-Za-z0-9_.-]*")) {
      throw new ConfigurationException("training-loop: queue '" + queue + "' is not an id "
          + "(letters, digits, '_', '.', '-')");
    }
    return new TrainingLoop(queue, Priority.valueOf(p.getString("priority")), iteration,
        p.getInt("iterations"), p.getLong("batch-size"), p.getDurationNs("duration"),
        context.device());
  }

  private static Kernel kernel(Parameters p, String phase) {
    long grid = p.getLong(phase + "-grid");
    long threads = p.getLong(phase + "-threads");
    long registers = p.getLong(phase + "-registers");
    long blockNs = p.getDurationNs(phase + "-block-time");
    List<String> missing = new ArrayList<>();
    if (grid == 0) {
      missing.add(phase + "-grid");
    }
    if (threads == 0) {
      missing.add(phase + "-threads");
    }
    if (registers == 0) {
      missing.add(phase + "-registers");
    }
    if (blockNs == 0) {
      missing.add(phase + "-block-time");
    }
    if (!missing.isEmpty()) {
      throw new ConfigurationException("training-loop: set " + String.join(", ", missing)
          + " (the " + phase + " kernel's shape; the plugin has no default shape, see "
          + "docs/workloads.md, 'training-loop')");
    }
    long shared = p.getLong(phase + "-shared-memory");
    return new Kernel(phase, (int) grid, (int) threads, (int) registers, (int) shared, false,
        BlockProgram.uniform(blockNs, (int) registers, shared), new BlockTiming.Exact());
  }
}
