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
    List<List<QueueGenerator.Draft>> byQueue = new ArrayList<>(queueCount);
    int total = 0;
    for (int q = 0; q < queueCount; q++) {
      QueueSpec queue = spec.queues().get(q);
      List<QueueGenerator.Draft> drafts;
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
      // Each queue's drafts by submission time, then index (already so for open arrivals); the
      // queues are then merged, ties going to the queue first in the spec: one pass, no record
      // or list entry per job beside the queues' own lists (memory per job).
      drafts.sort(Comparator.comparingLong(QueueGenerator.Draft::submitTimeNs)
          .thenComparingInt(QueueGenerator.Draft::index));
      byQueue.add(drafts);
      total += drafts.size();
    }
    // The id (position in submission order) of each queue's job by its index in the queue: one
    // int a job. (Draft indices run from 0 to the queue's job count - 1.)
    int[][] ids = new int[queueCount][];
    for (int q = 0; q < queueCount; q++) {
      ids[q] = new int[byQueue.get(q).size()];
    }
    SubmissionOrder order = new SubmissionOrder(byQueue);
    for (int id = 0; id < total; id++) {
      int q = order.next();
      ids[q][byQueue.get(q).get(order.position(q) - 1).index()] = id;
    }
    JobList.Builder jobs = JobList.builder(total); // by column: no record kept per job
    order = new SubmissionOrder(byQueue);
    for (int id = 0; id < total; id++) {
      int q = order.next();
      // a draft is garbage once its job exists (memory per job)
      QueueGenerator.Draft d = byQueue.get(q).set(order.position(q) - 1, null);
      QueueSpec queue = spec.queues().get(q);
      List<Long> dependencies = d.dependencies().isEmpty() ? List.of()
          : d.dependencies().stream().map(index -> (long) ids[q][index]).toList();
      jobs.add(new Job(id, queue.id(), d.submitTimeNs(), queue.credits(), dependencies,
          d.deadlineNs(), d.thinkTimeNs(), d.kernel(), d.closedLoop()));
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
   * Walks the queues' drafts (each sorted by submission time, then index) in submission order:
   * earliest submission first, ties to the queue first in the spec.
   */
  private static final class SubmissionOrder {
    private final List<List<QueueGenerator.Draft>> byQueue;
    private final int[] position;
    private final java.util.PriorityQueue<Integer> heads;

    SubmissionOrder(List<List<QueueGenerator.Draft>> byQueue) {
      this.byQueue = byQueue;
      this.position = new int[byQueue.size()];
      this.heads = new java.util.PriorityQueue<>(Math.max(1, byQueue.size()),
          Comparator.comparingLong((Integer q) -> head(q).submitTimeNs())
              .thenComparingInt(q -> q));
      for (int q = 0; q < byQueue.size(); q++) {
        if (!byQueue.get(q).isEmpty()) {
          heads.add(q);
        }
      }
    }

    private QueueGenerator.Draft head(int q) {
      return byQueue.get(q).get(position[q]);
    }

    /** The queue of the next job in submission order; its draft is at {@code position(q) − 1}. */
    int next() {
      int q = heads.remove();
      position[q]++;
      if (position[q] < byQueue.get(q).size()) {
        heads.add(q);
      }
      return q;
    }

    /** How many of queue {@code q}'s drafts have been walked. */
    int position(int q) {
      return position[q];
    }
  }
}
