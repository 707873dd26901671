package org.preemptlab.lab.bench;

import com.google.common.base.Preconditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.metrics.JobSamples;

/**
 * {@code preemptlab bench --memory}: the heap a run keeps per job, on a workload of N jobs with few
 * in flight (one queue, a job every 10 µs, each a kernel of 4 blocks of 25 µs, so about three jobs
 * are in flight at any time), for N = 100,000 and 1,000,000, and two kinds of kernels: each job its
 * own kernel (its own name: the most a workload can hold per job) or one kernel for all jobs (as a
 * synthetic kernel template without jitter and with a fixed grid and block time draws).
 *
 * <p>Each is measured twice: with the job records kept in the result ({@code kept}: a {@code
 * JobTable} row per job, what the API's {@link Simulator#run()} returns by default and what the
 * reproductions read) and streamed ({@code streamed}: {@link Simulator#streamJobs}, as {@code run}
 * and {@code sweep} do, each record handed to a {@link JobSamples.Recorder} that keeps what the
 * metrics need, and then dropped as a {@code jobs.csv} writer drops a written row).
 *
 * <p>Live heap is read after a full collection ({@link System#gc()}) at four points: before the
 * workload exists, once it is built, in the middle of the run (when half the jobs have finished,
 * from a listener) and after the run with the simulator and its result still reachable. The
 * differences divided by N are the workload's bytes per job and the engine's (its state plus the
 * result's job table) in the middle and at the end. They are as exact as a collection makes them:
 * other threads and class loading add a little noise (two runs on the development machine agreed
 * within 0.5 bytes a job).
 */
public final class MemoryPerJob {
  /** The job counts measured. */
  public static final List<Integer> JOBS = List.of(100_000, 1_000_000);
  private static final long GAP_NS = 10_000;
  private static final int BLOCKS = 4;
  private static final long BLOCK_NS = 25_000;

  private MemoryPerJob() {}

  /**
   * The measurement of one N.
   *
   * @param jobs N
   * @param sharedKernel whether all jobs run one kernel (else each its own)
   * @param streamed whether the records were streamed to the metrics' samples (else kept)
   * @param workloadBytes live heap the workload added
   * @param midRunBytes live heap the engine added, when half the jobs had finished
   * @param endBytes live heap the engine added, after the run with its result
   * @param heldMidRun jobs whose engine state the simulator held in the middle of the run
   * @param heldAtEnd jobs whose engine state the simulator held after the run
   */
  public record Row(int jobs, boolean sharedKernel, boolean streamed, long workloadBytes,
      long midRunBytes, long endBytes, int heldMidRun, int heldAtEnd) {

    /** The most the engine held above the workload, per job. */
    public double engineBytesPerJob() {
      return (double) Math.max(midRunBytes, endBytes) / jobs;
    }

    /** The workload's bytes per job. */
    public double workloadBytesPerJob() {
      return (double) workloadBytes / jobs;
    }
  }

  /**
   * Measures every N of {@link #JOBS}, each job with its own kernel, then with one shared; each
   * with the records kept, then streamed.
   */
  public static List<Row> run() {
    List<Row> rows = new ArrayList<>();
    for (boolean shared : new boolean[] {false, true}) {
      for (boolean streamed : new boolean[] {false, true}) {
        for (int n : JOBS) {
          rows.add(measure(n, shared, streamed));
        }
      }
    }
    return rows;
  }

  /**
   * Measures one N, each job with its own kernel or all with one, the records kept or streamed.
   */
  public static Row measure(int n, boolean sharedKernel, boolean streamed) {
    Preconditions.checkArgument(n >= 2, "at least 2 jobs, got %s", n);
    long empty = HeapPeak.liveBytes();
    Workload workload = workload(n, sharedKernel);
    HardwareModel hardware = StandardWorkload.hardware();
    PluginRegistry registry = PluginRegistry.discover(MemoryPerJob.class.getClassLoader());
    RunPlugins plugins = plugins(registry, hardware);
    long withWorkload = HeapPeak.liveBytes();
    Simulator sim = new Simulator(workload, hardware, plugins,
        new EngineOptions(Integer.MAX_VALUE, true));
    long[] mid = {-1, -1};
    sim.listen(new EngineListener() {
      private int finished;

      @Override
      public void jobFinished(long timeNs, JobView job) {
        if (++finished == n / 2) {
          mid[0] = HeapPeak.liveBytes();
          mid[1] = sim.heldJobs();
        }
      }
    });
    JobSamples.Recorder samples = streamed
        ? new JobSamples.Recorder(n, index -> BLOCKS * BLOCK_NS) : null;
    if (streamed) {
      sim.streamJobs(samples::add);
    }
    SimulationResult result = sim.run();
    JobSamples metrics = streamed ? samples.build() : null;
    long end = HeapPeak.liveBytes();
    Row row = new Row(n, sharedKernel, streamed, withWorkload - empty, mid[0] - withWorkload,
        end - withWorkload, (int) mid[1], sim.heldJobs());
    // keep everything reachable until the end was measured
    Preconditions.checkState(result.jobs().size() == (streamed ? 0 : n)
        && workload.jobs().size() == n && (metrics == null || metrics.size() == n));
    return row;
  }

  /**
   * The measured workload: N jobs in one queue, 10 µs apart, each its own 4-block kernel (named
   * {@code k<i>}) or each a new but equal one (named {@code k}).
   */
  static Workload workload(int n, boolean sharedKernel) {
    List<Job> jobs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Kernel kernel = new Kernel(sharedKernel ? "k" : "k" + i, BLOCKS, 256, 32, 0, true,
          BlockProgram.uniform(BLOCK_NS, 32, 0), new BlockTiming.Exact());
      jobs.add(Job.of(i, "jobs", i * GAP_NS, kernel));
    }
    return new Workload(List.of(new GpuContext("memory", false)),
        List.of(new JobQueue("jobs", "memory", Priority.NORMAL, 1, EngineKind.COMPUTE, false)),
        jobs);
  }

  private static RunPlugins plugins(PluginRegistry registry, HardwareModel hardware) {
    return new RunPlugins(
        Benchmark.POLICY,
        kind -> registry.create(PluginType.SCHEDULING_POLICY, Benchmark.POLICY, Map.of(),
            hardware.device(), new SplittableRandom(StandardWorkload.SEED)),
        Benchmark.PREEMPTION,
        registry.create(PluginType.PREEMPTION_STRATEGY, Benchmark.PREEMPTION, Map.of(),
            hardware.device(), new SplittableRandom(StandardWorkload.SEED)),
        Benchmark.CONTEXT_SAVE,
        registry.create(PluginType.CONTEXT_SAVE, Benchmark.CONTEXT_SAVE, Map.of(),
            hardware.device(), new SplittableRandom(StandardWorkload.SEED)));
  }

  /** The rows as a plain-text table. */
  public static String render(List<Row> rows) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "%-11s %-7s %-8s %14s %21s %19s %14s %17s %15s%n", "N", "kernels", "records",
        "workload B/job",
        "engine mid-run B/job", "engine at end B/job", "engine B/job", "jobs held mid-run",
        "jobs held at end"));
    for (Row r : rows) {
      out.append(String.format(Locale.ROOT,
          "%-11s %-7s %-8s %14.1f %21.1f %19.1f %14.1f %17s %15s%n",
          String.format(Locale.ROOT, "%,d", r.jobs()), r.sharedKernel() ? "shared" : "own",
          r.streamed() ? "streamed" : "kept",
          r.workloadBytesPerJob(),
          (double) r.midRunBytes() / r.jobs(), (double) r.endBytes() / r.jobs(),
          r.engineBytesPerJob(), String.format(Locale.ROOT, "%,d", r.heldMidRun()),
          String.format(Locale.ROOT, "%,d", r.heldAtEnd())));
    }
    return out.toString();
  }
}
