package org.preemptlab.runner.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
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
 * The turnaround of each job run alone on an idle device, the denominator of its slowdown. Each job
 * is simulated by itself (same kernel, same per-block durations, same preemption strategy and so
 * the same instrumentation overhead), submitted at time 0 with nothing else on the device; results
 * are shared between jobs with equal kernels.
 */
final class IsolatedRuntimes {
  private IsolatedRuntimes() {}

  /** Isolated turnaround in ns of every job of {@code workload}, in the order of its jobs. */
  static long[] measure(Workload workload, HardwareModel hardware,
      PreemptionPointStrategy preemption, ContextSaveStrategy contextSave, RunProgress progress) {
    Map<String, JobQueue> queues = new HashMap<>();
    workload.queues().forEach(q -> queues.put(q.id(), q));
    Map<String, GpuContext> contexts = new HashMap<>();
    workload.contexts().forEach(c -> contexts.put(c.id(), c));
    Map<Kernel, Long> byKernel = new HashMap<>();
    long[] byJob = new long[workload.jobs().size()];
    int[] measured = {0}; // read by the progress display's thread: a monotone estimate
    progress.phase("isolated runs", byJob.length, () -> measured[0]);
    int index = 0;
    for (Job job : workload.jobs()) {
      JobQueue queue = queues.get(job.queueId());
      long alone = byKernel.computeIfAbsent(job.kernel(), kernel -> {
        JobQueue solo = new JobQueue(queue.id(), queue.contextId(), queue.priority(), 1,
            queue.engine(), false);
        Workload single = new Workload(List.of(contexts.get(queue.contextId())), List.of(solo),
            List.of(Job.of(0, queue.id(), 0, kernel)));
        RunPlugins plugins = new RunPlugins("isolation", engine -> new OnlyJob(), "isolation",
            preemption, "isolation", contextSave);
        return new Simulator(single, hardware, plugins, EngineOptions.defaults()).run()
            .makespanNs();
      });
      byJob[index++] = alone;
      measured[0] = index;
    }
    return byJob;
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
