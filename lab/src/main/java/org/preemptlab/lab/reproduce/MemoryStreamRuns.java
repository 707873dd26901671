package org.preemptlab.lab.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;

/**
 * The runs of the memory-system reproductions ({@code memory-system-v100}, {@code
 * memory-system-h200}): streaming kernels on one bundled hardware model with {@code contention:
 * memory-system} and contexts sharing SMs, whose memory-system parameters come from a {@link
 * QueueingFit.Calibration} (overrides of the model file) or from the file itself. Each kernel's
 * blocks are resident from the start and each moves {@link #BYTES_PER_BLOCK} bytes in its
 * program's time at its own cap, threads x bytes in flight per thread / latency (Little's law);
 * a kernel's bandwidth is its bytes over its first block's start to its end.
 *
 * @param registry the plugins
 * @param modelId the bundled hardware model
 * @param calibration the memory-system parameters of {@link Parameters#CALIBRATION}
 * @param device overrides of the model file under every parameter set, where the measured card
 *     differs from the bundled model (empty when it does not)
 */
record MemoryStreamRuns(PluginRegistry registry, String modelId,
    QueueingFit.Calibration calibration, Map<String, String> device) {
  /** Copies the device overrides. */
  MemoryStreamRuns {
    device = Map.copyOf(device);
  }

  /** Bytes each simulated block moves: long enough that launch and dispatch costs vanish. */
  static final long BYTES_PER_BLOCK = 4L << 20;

  /** The parameter sets a kernel runs under: the reproduction's, and two for comparison. */
  enum Parameters {
    /** Every memory-system parameter from the calibration: the one the rows are judged on. */
    CALIBRATION,
    /** The same without the queueing delay ({@code dram-queueing-ns} 0). */
    WITHOUT_QUEUEING,
    /** The model file's own values. */
    MODEL_FILE
  }

  /**
   * The model with the memory system on and contexts sharing SMs (MPS-like: a measured kernel ran
   * alone, and two simulated ones run as two MPS clients), its memory-system parameters as {@code
   * parameters} says.
   */
  HardwareModel model(Parameters parameters) {
    Map<String, String> overrides = new TreeMap<>(Map.of("contention", "memory-system",
        "concurrent-contexts", "true"));
    overrides.putAll(device);
    if (parameters != Parameters.MODEL_FILE) {
      overrides.put("dram-achievable-gbps", Double.toString(calibration.achievableGbps()));
      overrides.put("dram-latency-ns", Double.toString(calibration.latencyNs()));
      overrides.put("dram-queueing-ns", parameters == Parameters.WITHOUT_QUEUEING ? "0"
          : Double.toString(calibration.queueingNs()));
    }
    return registry.create(PluginType.HARDWARE_MODEL, modelId, overrides, (HardwareModel) null,
        new SplittableRandom(1));
  }

  /**
   * A streaming kernel of {@code blocks} blocks of {@code threads} threads whose program lasts its
   * bytes at its own cap: threads x bytes in flight / latency (Little's law).
   */
  static Kernel kernel(String name, int blocks, int threads, double bytesInFlightPerThread,
      HardwareModel model) {
    double cap = model.device().memory().blockBytesPerNs(threads, bytesInFlightPerThread);
    long ns = (long) Math.ceil(BYTES_PER_BLOCK / cap);
    return new Kernel(name, blocks, threads, 16, 0, false,
        new BlockProgram(List.of(new Segment(SegmentKind.GLOBAL_MEMORY, ns, ns, 16, 0,
            BYTES_PER_BLOCK))), new BlockTiming.Exact());
  }

  /**
   * Each of {@code kernels} kernels' bandwidth in GB/s, all launched at 0 in contexts of their own,
   * each of {@code blocks} blocks of {@code threads} threads, named {@code name} and its index.
   */
  double[] bandwidths(String name, int blocks, int threads, double bytesInFlightPerThread, int kernels,
      Parameters parameters) {
    HardwareModel model = model(parameters);
    List<JobQueue> queues = new ArrayList<>();
    List<Job> jobs = new ArrayList<>();
    List<GpuContext> contexts = new ArrayList<>();
    for (int k = 0; k < kernels; k++) {
      contexts.add(new GpuContext("p" + k, false));
      queues.add(new JobQueue("q" + k, "p" + k, Priority.NORMAL, 1, EngineKind.COMPUTE, false));
      jobs.add(Job.of(k, "q" + k, 0, kernel(name + k, blocks, threads,
          bytesInFlightPerThread, model)));
    }
    Workload workload = new Workload(contexts, queues, jobs);
    SplittableRandom plugins = new SplittableRandom(1);
    RunPlugins run = new RunPlugins("fifo",
        engine -> registry.create(PluginType.SCHEDULING_POLICY, "fifo", Map.of(), model,
            plugins.split()),
        "block-boundary", registry.create(PluginType.PREEMPTION_STRATEGY, "block-boundary",
            Map.of(), model, plugins.split()),
        "full", registry.create(PluginType.CONTEXT_SAVE, "full", Map.of(), model,
            plugins.split()));
    Simulator simulator = new Simulator(workload, model, run, EngineOptions.defaults());
    double[] gbps = new double[kernels];
    for (JobRecord job : simulator.run().jobs()) {
      gbps[(int) job.jobId()] = (double) blocks * BYTES_PER_BLOCK
          / (job.finishNs() - job.firstStartNs());
    }
    return gbps;
  }

  /** A row of a page's fit table: kernel, bytes in flight, achievable, rows, scale, offset, use. */
  static void fitRow(TextTable table, QueueingFit.Column column, QueueingFit.Fit fit,
      double achievableGbps, String used) {
    table.row(fit.kernel(), Numbers.fixed(column.bytesInFlightPerThread(), 0),
        Numbers.fixed(achievableGbps, 1), fit.rows(), Numbers.fixed(fit.queueingNs(), 1),
        Numbers.fixed(fit.offsetNs(), 1), used);
  }
}
