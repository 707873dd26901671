package org.preemptlab.lab.reproduce;

import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * What the XSched reproductions of two processes on the paper's GV100 share (Shen et al., OSDI
 * 2025, §7.2 and §8; XpuOS/xsched-artifacts): the run on the {@code v100} model with one CUDA
 * stream per process, a process written as one queue of the synthetic spec with its own XQueue
 * launch configuration, and the measures read from a run.
 */
final class XSchedRuns {
  private XSchedRuns() {}

  /**
   * The run of a synthetic spec on the {@code v100} model under {@code policy}: the queues'
   * launched jobs run one after another, as kernels of one CUDA stream ({@code
   * engine.in-order}); no engine-wide launch window is set, so XSched's XQueues bring their own in
   * the spec.
   *
   * @param name the run's name, which also names the spec in error messages
   */
  static RunConfig v100(String yaml, String name, String policy, long seed) {
    RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "v100");
    config = Overrides.choose(config, "policy", policy);
    config = Overrides.set(config, "engine.in-order=true");
    WorkloadConfig workload = new WorkloadConfig(null, null,
        SyntheticSpecs.fromYaml(yaml, name + ".yaml"));
    return config.withWorkload(workload).withName(name).withSeed(seed);
  }

  /**
   * One process as a queue of the spec: its own context, a priority and weight, XSched's
   * in-flight threshold and batch size when {@code window} is above 0 (XQueueSetLaunchConfig),
   * at most {@code jobs} jobs arriving as {@code arrival} (a flow mapping), and one kernel
   * template ({@code kernel}, a flow mapping).
   */
  static String process(String id, String priority, int weight, int window, int batch, long jobs,
      String arrival, String kernel) {
    return "  - id: " + id + "\n"
        + "    context: " + id + "\n"
        + "    priority: " + priority + "\n"
        + "    weight: " + weight + "\n"
        + (window > 0 ? "    launch-window: " + window + "\n    launch-batch: " + batch + "\n" : "")
        + "    jobs: " + jobs + "\n"
        + "    arrival: " + arrival + "\n"
        + "    kernels:\n"
        + "      - " + kernel + "\n";
  }

  /**
   * Requests of the queue per second over [from, to): its jobs that finished inside, divided by
   * the jobs of one request (so a request half done counts half).
   */
  static double throughput(SimulationResult result, String queue, long fromNs, long toNs,
      int jobsPerRequest) {
    long jobs = result.jobs().stream().filter(j -> j.queueId().equals(queue))
        .filter(j -> j.finishNs() >= fromNs && j.finishNs() < toNs).count();
    return (double) jobs / jobsPerRequest / ((toNs - fromNs) / 1e9);
  }

  /** When the queue's last job finished, in ns; 0 if it has none. */
  static long lastFinish(SimulationResult result, String queue) {
    return result.jobs().stream().filter(j -> j.queueId().equals(queue))
        .mapToLong(JobRecord::finishNs).max().orElse(0);
  }
}
