package org.preemptlab.runner.experiment.cluster;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.experiment.sweep.PlannedRun;

/**
 * A run's expected cost as the size of the workload it simulates: the number of thread blocks of
 * every job, plus one per job. The engine handles a few events per block (dispatch, end, and the
 * preemption events of the blocks it preempts) and a few per job, so the size of the generated
 * workload is what grows a run's time when a sweep varies the load, the duration or the kernel
 * mix; the policy and strategies change the number of events far less.
 *
 * <p>The workload is generated (never simulated) once per distinct workload, hardware model and
 * seed, as the run would generate it: it depends on the workload's own random stream only, so
 * the cost is deterministic. A workload that cannot be generated costs 1 (its run fails fast).
 */
public final class WorkloadSize implements RunCost {
  private final RunExecutor executor;
  private final Map<Key, Long> cache = new ConcurrentHashMap<>();

  private record Key(WorkloadConfig workload, PluginChoice hardware, long seed) {}

  /** Generates workloads through {@code executor}. */
  public WorkloadSize(RunExecutor executor) {
    this.executor = executor;
  }

  @Override
  public long of(PlannedRun run) {
    Key key = new Key(run.point().config().workload(), run.point().config().hardware(),
        run.seed());
    return cache.computeIfAbsent(key, k -> size(run));
  }

  private long size(PlannedRun run) {
    Workload workload;
    try {
      workload = executor.workload(run.config());
    } catch (RuntimeException e) {
      return 1;
    }
    long blocks = 0;
    for (Job job : workload.jobs()) {
      blocks += job.kernel().gridBlocks() + 1L;
    }
    return Math.max(1, blocks);
  }
}
