package org.preemptlab.runner.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.runner.engine.EngineOptions;
import org.preemptlab.runner.engine.RunPlugins;
import org.preemptlab.runner.engine.Simulator;

/**
 * The turnaround of each job run alone on an idle device, the denominator of its slowdown. Each
 * distinct kernel is simulated by itself (same kernel, same per-block durations, same preemption
 * strategy and so the same instrumentation overhead), submitted at time 0 with nothing else on the
 * device, in the queue of the first job that runs it; jobs with equal kernels share the result.
 * Holds one value per distinct kernel, none per job.
 */
final class IsolatedRuntimes {
  private final JobList jobs;
  private final long[] byKernel;

  private IsolatedRuntimes(JobList jobs, long[] byKernel) {
    this.jobs = jobs;
    this.byKernel = byKernel;
  }

  /** Measures the isolated turnaround of every distinct kernel of {@code workload}. */
  static IsolatedRuntimes measure(Workload workload, HardwareModel hardware,
      PreemptionPointStrategy preemption, ContextSaveStrategy contextSave, RunProgress progress) {
    Map<String, JobQueue> queues = new HashMap<>();
    workload.queues().forEach(q -> queues.put(q.id(), q));
    Map<String, GpuContext> contexts = new HashMap<>();
    workload.contexts().forEach(c -> contexts.put(c.id(), c));
    JobList jobs = JobList.copyOf(workload.jobs());
    long[] byKernel = new long[jobs.distinctKernels()];
    java.util.Arrays.fill(byKernel, -1);
    int[] measured = {0}; // read by the progress display's thread: a monotone estimate
    progress.phase("isolated runs", byKernel.length, () -> measured[0]);
    for (int index = 0; index < jobs.size(); index++) {
      int k = jobs.kernelIndex(index);
      if (byKernel[k] >= 0) {
        continue;
      }
      JobQueue queue = queues.get(jobs.queueId(index));
      JobQueue solo = new JobQueue(queue.id(), queue.contextId(), queue.priority(), 1,
          queue.engine(), false);
      Workload single = new Workload(List.of(contexts.get(queue.contextId())), List.of(solo),
          List.of(Job.of(0, queue.id(), 0, jobs.kernel(index))));
      RunPlugins plugins = new RunPlugins("isolation", engine -> new OnlyJob(), "isolation",
          preemption, "isolation", contextSave);
      byKernel[k] = new Simulator(single, hardware, plugins, EngineOptions.defaults()).run()
          .makespanNs();
      measured[0]++;
    }
    return new IsolatedRuntimes(jobs, byKernel);
  }

  /** The isolated turnaround in ns of job {@code index} of the workload. */
  long ns(int index) {
    return byKernel[jobs.kernelIndex(index)];
  }

  /** Dispatches the one job of an isolated run as soon as it is ready. */
  private static final class OnlyJob implements SchedulingPolicy {
    private JobView ready;

    @Override
    public void onJobReady(JobView job, SchedulerView scheduler) {
      ready = job;
    }

    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return ready;
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {
      ready = null;
    }
  }
}
