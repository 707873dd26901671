package org.preemptlab.runner.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
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

  /** Generates the workload of {@code spec} from a root seed. */
  public static Workload generate(SyntheticSpec spec, long rootSeed) {
    record Keyed(int queue, QueueGenerator.Draft draft) {}
    List<Keyed> all = new ArrayList<>();
    int[] perQueue = new int[spec.queues().size()];
    for (int q = 0; q < spec.queues().size(); q++) {
      QueueSpec queue = spec.queues().get(q);
      List<QueueGenerator.Draft> drafts;
      try {
        drafts = new QueueGenerator(queue, spec.horizonNs(),
            RandomStreams.named(rootSeed, queue.id() + "/arrivals"),
            RandomStreams.named(rootSeed, queue.id() + "/kernels")).generate();
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("queue '" + queue.id() + "': " + e.getMessage(), e);
      }
      if (all.size() + drafts.size() > Limits.MAX_JOBS) {
        throw new ConfigurationException("the workload would submit more than " + Limits.MAX_JOBS
            + " jobs, the limit of one workload (" + (all.size() + drafts.size()) + " up to queue '"
            + queue.id() + "'); shorten the duration or set 'jobs' on its queues");
      }
      for (QueueGenerator.Draft draft : drafts) {
        all.add(new Keyed(q, draft));
      }
      perQueue[q] = drafts.size();
    }
    all.sort(Comparator.comparingLong((Keyed k) -> k.draft().submitTimeNs())
        .thenComparingInt(Keyed::queue).thenComparingInt(k -> k.draft().index()));
    // The id (position in submission order) of each queue's job by its index in the queue: one
    // int a job, not a map entry with boxed keys.
    // (Draft indices run from 0 to the queue's job count - 1.)
    int[][] ids = new int[spec.queues().size()][];
    for (int q = 0; q < ids.length; q++) {
      ids[q] = new int[perQueue[q]];
    }
    for (int i = 0; i < all.size(); i++) {
      ids[all.get(i).queue()][all.get(i).draft().index()] = i;
    }
    JobList.Builder jobs = JobList.builder(all.size()); // by column: no record kept per job
    for (int i = 0; i < all.size(); i++) {
      Keyed k = all.set(i, null); // a draft is garbage once its job exists (memory per job)
      QueueSpec queue = spec.queues().get(k.queue());
      QueueGenerator.Draft d = k.draft();
      List<Long> dependencies = d.dependencies().isEmpty() ? List.of()
          : d.dependencies().stream().map(index -> (long) ids[k.queue()][index]).toList();
      jobs.add(new Job(i, queue.id(), d.submitTimeNs(), queue.credits(), dependencies,
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
}
