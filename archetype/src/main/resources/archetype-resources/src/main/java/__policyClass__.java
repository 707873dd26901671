package ${package};

import java.util.Comparator;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Earliest deadline first: of the ready jobs, dispatch the one whose deadline is nearest, and when
 * SM slots free, serve the launched job whose deadline is nearest first; jobs without a deadline go
 * last; ties go to the earlier submission, then the lower id, so the order is total and runs are
 * deterministic. Non-preemptive. Replace this with your policy.
 *
 * <p>Both decisions matter: with the engine's defaults every ready job is launched at once, so the
 * dispatch order alone changes little; the placement order ({@link #placementOrder()}) decides
 * whose blocks take the SMs that free up.
 *
 * <p>The policy and its provider live in this one file: ServiceLoader finds the nested {@link
 * Provider} through {@code META-INF/services/org.preemptlab.api.policy.SchedulingPolicyProvider}.
 */
public final class ${policyClass} implements SchedulingPolicy {

  /** Nearest deadline first (none last), then earliest submission, then lowest id. */
  static final Comparator<JobView> ORDER = Comparator
      .comparingLong((JobView job) -> job.job().deadlineNs())
      .thenComparingLong(JobView::submitTimeNs)
      .thenComparingLong(JobView::id);

  private final NavigableSet<JobView> ready = new TreeSet<>(ORDER);

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    ready.add(job);
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return ready.isEmpty() ? null : ready.first();
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    ready.remove(job);
  }

  /** Launched jobs' blocks take freed SM slots in the same order: nearest deadline first. */
  @Override
  public Comparator<JobView> placementOrder() {
    return ORDER;
  }

  /** Creates a fresh policy for each engine of each run; found by ServiceLoader. */
  public static final class Provider implements SchedulingPolicyProvider {

    /** ServiceLoader's no-argument constructor. */
    public Provider() {}

    @Override
    public String id() {
      return "${policyId}";
    }

    @Override
    public String description() {
      return "Earliest deadline first, in launch and placement; no deadline last; non-preemptive.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ${policyClass}();
    }
  }
}
