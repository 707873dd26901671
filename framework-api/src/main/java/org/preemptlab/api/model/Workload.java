package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.preemptlab.api.API;

/**
 * Everything a run simulates: contexts, their queues and the jobs submitted to them. The
 * constructor checks referential integrity: unique ids, every queue in a known context, every job
 * in a known queue, every dependency on a known job, and no dependency cycle.
 *
 * @param contexts the contexts
 * @param queues the queues
 * @param jobs the jobs, in any order; kept as a {@link JobList} (by column, each distinct kernel
 *     once), whose {@code get} builds a job record equal to the one given
 * @param actions timed actions on queues (suspend, resume, priority or weight changes), in any
 *     order; applied in time order, ties in list order
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Workload(List<GpuContext> contexts, List<JobQueue> queues, List<Job> jobs,
    List<QueueAction> actions) {

  /** A workload without timed actions. */
  public Workload(List<GpuContext> contexts, List<JobQueue> queues, List<Job> jobs) {
    this(contexts, queues, jobs, List.of());
  }

  /** Copies the lists and validates the references between them. */
  public Workload {
    contexts = List.copyOf(contexts);
    queues = List.copyOf(queues);
    actions = List.copyOf(actions);
    Set<String> contextIds = new TreeSet<>();
    for (GpuContext context : contexts) {
      checkArgument(contextIds.add(context.id()), "duplicate context id '%s'", context.id());
    }
    Set<String> queueIds = new TreeSet<>();
    for (JobQueue queue : queues) {
      checkArgument(queueIds.add(queue.id()), "duplicate queue id '%s'", queue.id());
      checkArgument(contextIds.contains(queue.contextId()), "queue '%s' names unknown context "
          + "'%s'; known: %s", queue.id(), queue.contextId(), contextIds);
    }
    JobList list = JobList.copyOf(jobs);
    jobs = list;
    for (String queueId : list.queueIds()) {
      if (!queueIds.contains(queueId)) {
        for (int i = 0; ; i++) { // the first job that names it
          checkArgument(!list.queueId(i).equals(queueId), "job %s names unknown queue '%s'; "
              + "known: %s", list.id(i), queueId, queueIds);
        }
      }
    }
    // Ids that ascend in list order (as generators and trace readers number them) are checked
    // with binary searches over one long[]; others with a map. A million jobs then cost 8 bytes
    // each here instead of two map entries with boxed keys.
    long[] ids = new long[list.size()];
    boolean ascending = true;
    for (int i = 0; i < ids.length; i++) {
      ids[i] = list.id(i);
      ascending &= i == 0 || ids[i - 1] < ids[i];
    }
    if (!ascending) {
      Map<Long, Integer> byId = new HashMap<>();
      for (int i = 0; i < ids.length; i++) {
        checkArgument(byId.put(ids[i], i) == null, "duplicate job id %s", ids[i]);
      }
      if (list.anyDependency()) {
        checkDependencies(list, id -> byId.getOrDefault(id, -1));
      }
    } else if (list.anyDependency()) {
      checkDependencies(list, id -> Math.max(-1, java.util.Arrays.binarySearch(ids, id)));
    }
    for (QueueAction action : actions) {
      checkArgument(queueIds.contains(action.queueId()), "a timed action at %s ns names unknown "
          + "queue '%s'; known: %s", action.timeNs(), action.queueId(), queueIds);
    }
  }

  /** A copy with other timed actions. */
  public Workload withActions(List<QueueAction> newActions) {
    return new Workload(contexts, queues, jobs, newActions);
  }

  private static void checkDependencies(JobList jobs,
      java.util.function.LongToIntFunction indexOf) {
    for (int i = 0; i < jobs.size(); i++) {
      for (int k = 0; k < jobs.dependencyCount(i); k++) {
        checkArgument(indexOf.applyAsInt(jobs.dependency(i, k)) >= 0, "job %s depends on unknown "
            + "job %s", jobs.id(i), jobs.dependency(i, k));
      }
    }
    checkAcyclic(jobs, indexOf);
  }

  private static void checkAcyclic(JobList jobs, java.util.function.LongToIntFunction indexOf) {
    int n = jobs.size();
    byte[] state = new byte[n]; // 0 = not seen, 1 = on the stack, 2 = done
    // Iterative depth-first search: a stack of (job index, next dependency index).
    int[] stackJob = new int[Math.min(n, 16)];
    int[] stackNext = new int[stackJob.length];
    for (int root = 0; root < n; root++) {
      if (state[root] != 0) {
        continue;
      }
      int depth = 0;
      stackJob[0] = root;
      stackNext[0] = 0;
      depth++;
      state[root] = 1;
      while (depth > 0) {
        int top = stackJob[depth - 1];
        if (stackNext[depth - 1] < jobs.dependencyCount(top)) {
          long nextId = jobs.dependency(top, stackNext[depth - 1]++);
          int next = indexOf.applyAsInt(nextId);
          if (state[next] == 0) {
            state[next] = 1;
            if (depth == stackJob.length) {
              stackJob = java.util.Arrays.copyOf(stackJob, Math.min(n, 2 * depth));
              stackNext = java.util.Arrays.copyOf(stackNext, stackJob.length);
            }
            stackJob[depth] = next;
            stackNext[depth] = 0;
            depth++;
          } else {
            checkArgument(state[next] != 1, "dependency cycle through jobs %s and %s",
                jobs.id(top), nextId);
          }
        } else {
          state[top] = 2;
          depth--;
        }
      }
    }
  }

  /** The queue with the given id. */
  public JobQueue queue(String id) {
    for (JobQueue queue : queues) {
      if (queue.id().equals(id)) {
        return queue;
      }
    }
    throw new IllegalArgumentException("no queue '" + id + "'");
  }
}
