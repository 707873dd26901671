package org.preemptlab.runner.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.Workload;

/**
 * Generates a {@link Workload} from a {@link SyntheticSpec}: the plain Java entry point behind the
 * {@code synthetic} workload provider.
 *
 * <p>Determinism: the only randomness is one {@code nextLong()} of the given stream, the root seed.
 * Each queue gets two streams named {@code <queue>/arrivals} and {@code <queue>/kernels} derived
 * from it ({@link RandomStreams}), so a queue's jobs depend only on the root seed, its own spec and
 * the horizon; the i-th timed action draws from {@code actions/<i>}. Job ids are 0, 1, 2, ... in order of submission time, then queue order in the spec,
 * then position in the queue.
 */
public final class SyntheticWorkload {
  private SyntheticWorkload() {}

  /**
   * Generates the workload of {@code spec}, drawing one root seed from {@code random}.
   *
   * @throws ConfigurationException if a drawn kernel cannot be built (its block time is too short
   *     for its fixed-duration segments)
   */
  public static Workload generate(SyntheticSpec spec, RandomGenerator random) {
    return generate(spec, random.nextLong());
  }

  /**
   * Generates the workload of {@code spec} from a root seed, for a spec without block times in
   * cycles.
   *
   * @throws ConfigurationException if a kernel gives its block time in cycles ({@code
   *     block-cycles}), which needs a clock
   */
  public static Workload generate(SyntheticSpec spec, long rootSeed) {
    return generate(spec, rootSeed, null);
  }

  /**
   * Generates the workload of {@code spec} for the device of {@code hardware}, whose clock under
   * sustained load turns block times in cycles into ns, drawing one root seed from {@code
   * random}.
   */
  public static Workload generate(SyntheticSpec spec, RandomGenerator random,
      HardwareModel hardware) {
    return generate(spec, random.nextLong(), CycleClock.of(hardware));
  }

  /**
   * Generates the workload of {@code spec} from a root seed; block times in cycles turn into ns at
   * {@code clock}.
   *
   * @param clock the SM clock for {@code block-cycles}; null if no kernel gives cycles
   */
  public static Workload generate(SyntheticSpec spec, long rootSeed, CycleClock clock) {
    int queueCount = spec.queues().size();
    Drafts[] byQueue = new Drafts[queueCount];
    // Each queue's jobs by submission time, then index: null where that is their order of
    // generation (open arrivals), else an index array. The queues are then merged, ties going to
    // the queue first in the spec: one pass, no record per job beside the queues' own columns
    // (memory per job).
    int[][] orders = new int[queueCount][];
    int total = 0;
    boolean dependencies = false;
    for (int q = 0; q < queueCount; q++) {
      QueueSpec queue = spec.queues().get(q);
      Drafts drafts;
      try {
        drafts = new QueueGenerator(queue, spec.horizonNs(),
            RandomStreams.named(rootSeed, queue.id() + "/arrivals"),
            RandomStreams.named(rootSeed, queue.id() + "/kernels"), clock).generate();
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("queue '" + queue.id() + "': " + e.getMessage(), e);
      }
      if ((long) total + drafts.size() > Limits.MAX_GENERATED_JOBS) {
        throw new ConfigurationException("the workload would submit more than "
            + Limits.MAX_GENERATED_JOBS + " jobs, the limit of one synthetic workload ("
            + (total + drafts.size()) + " up to queue '" + queue.id()
            + "'); shorten the duration or set 'jobs' on its queues");
      }
      byQueue[q] = drafts;
      orders[q] = drafts.submissionOrder();
      total += drafts.size();
      dependencies |= drafts.hasDependencies();
    }
    // Only where a job depends on others: the id (position in submission order) of each queue's
    // job by its index in the queue, one int a job.
    int[][] ids = null;
    if (dependencies) {
      ids = new int[queueCount][];
      for (int q = 0; q < queueCount; q++) {
        ids[q] = new int[byQueue[q].size()];
      }
      SubmissionOrder order = new SubmissionOrder(byQueue, orders);
      for (int id = 0; id < total; id++) {
        int q = order.next();
        ids[q][order.lastIndex(q)] = id;
      }
    }
    JobList.Builder jobs = JobList.builder(total); // by column: no record kept per job
    SubmissionOrder order = new SubmissionOrder(byQueue, orders);
    for (int id = 0; id < total; id++) {
      int q = order.next();
      int i = order.lastIndex(q);
      Drafts d = byQueue[q];
      QueueSpec queue = spec.queues().get(q);
      int[] queueIds = ids == null ? null : ids[q];
      List<Long> dependsOn = d.dependencies(i).isEmpty() ? List.of()
          : d.dependencies(i).stream().map(index -> (long) queueIds[index]).toList();
      jobs.add(new Job(id, queue.id(), d.submitTimeNs(i), queue.credits(), dependsOn,
          d.deadlineNs(i), d.thinkTimeNs(i), d.kernel(i), d.closedLoop(i)));
      d.release(i); // its kernel and dependencies are the job's now (memory per job)
    }
    List<GpuContext> contexts = spec.contexts().stream().map(ContextSpec::toContext).toList();
    List<JobQueue> queues = spec.queues().stream().map(QueueSpec::toQueue).toList();
    List<QueueAction> actions = new ArrayList<>();
    for (int i = 0; i < spec.actions().size(); i++) {
      actions.addAll(spec.actions().get(i).expand(spec.horizonNs(),
          RandomStreams.named(rootSeed, "actions/" + i)));
    }
    return new Workload(contexts, queues, jobs.build(), actions);
  }

  /**
   * Walks the queues' jobs in submission order (each queue's by its order, or by index where the
   * order is null): earliest submission first, ties to the queue first in the spec.
   */
  private static final class SubmissionOrder {
    private final Drafts[] byQueue;
    private final int[][] orders;
    private final int[] position;
    private final java.util.PriorityQueue<Integer> heads;

    SubmissionOrder(Drafts[] byQueue, int[][] orders) {
      this.byQueue = byQueue;
      this.orders = orders;
      this.position = new int[byQueue.length];
      this.heads = new java.util.PriorityQueue<>(Math.max(1, byQueue.length),
          Comparator.comparingLong((Integer q) -> byQueue[q].submitTimeNs(index(q, position[q])))
              .thenComparingInt(q -> q));
      for (int q = 0; q < byQueue.length; q++) {
        if (byQueue[q].size() > 0) {
          heads.add(q);
        }
      }
    }

    private int index(int q, int at) {
      return orders[q] == null ? at : orders[q][at];
    }

    /** The queue of the next job in submission order; {@link #lastIndex} is its index there. */
    int next() {
      int q = heads.remove();
      position[q]++;
      if (position[q] < byQueue[q].size()) {
        heads.add(q);
      }
      return q;
    }

    /** The index in queue {@code q} of the job {@link #next} last returned for it. */
    int lastIndex(int q) {
      return index(q, position[q] - 1);
    }
  }
}
