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
 * Earliest deadline first: of the ready jobs, dispatch the one whose deadline is nearest; jobs
 * without a deadline go last; ties go to the earlier submission, then the lower id, so the order is
 * total and runs are deterministic. Non-preemptive. Replace this with your policy.
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
      return "Earliest deadline first; jobs without a deadline last; non-preemptive.";
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ${policyClass}();
    }
  }
}
