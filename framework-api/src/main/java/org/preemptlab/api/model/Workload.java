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
 * @param jobs the jobs, in any order
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
    jobs = List.copyOf(jobs);
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
    Map<Long, Job> byId = new HashMap<>();
    for (Job job : jobs) {
      checkArgument(byId.put(job.id(), job) == null, "duplicate job id %s", job.id());
      checkArgument(queueIds.contains(job.queueId()), "job %s names unknown queue '%s'; known: %s",
          job.id(), job.queueId(), queueIds);
    }
    for (Job job : jobs) {
      for (long dependency : job.dependencies()) {
        checkArgument(byId.containsKey(dependency), "job %s depends on unknown job %s", job.id(),
            dependency);
      }
    }
    checkAcyclic(jobs, byId);
    for (QueueAction action : actions) {
      checkArgument(queueIds.contains(action.queueId()), "a timed action at %s ns names unknown "
          + "queue '%s'; known: %s", action.timeNs(), action.queueId(), queueIds);
    }
  }

  /** A copy with other timed actions. */
  public Workload withActions(List<QueueAction> newActions) {
    return new Workload(contexts, queues, jobs, newActions);
  }

  private static void checkAcyclic(List<Job> jobs, Map<Long, Job> byId) {
    Map<Long, Integer> state = new HashMap<>(); // 1 = on the stack, 2 = done
    for (Job root : jobs) {
      if (state.containsKey(root.id())) {
        continue;
      }
      // Iterative depth-first search: a stack of (job, next dependency index).
      java.util.ArrayDeque<long[]> stack = new java.util.ArrayDeque<>();
      stack.push(new long[] {root.id(), 0});
      state.put(root.id(), 1);
      while (!stack.isEmpty()) {
        long[] top = stack.peek();
        List<Long> deps = byId.get(top[0]).dependencies();
        if (top[1] < deps.size()) {
          long next = deps.get((int) top[1]++);
          Integer s = state.get(next);
          if (s == null) {
            state.put(next, 1);
            stack.push(new long[] {next, 0});
          } else {
            checkArgument(s != 1, "dependency cycle through jobs %s and %s", top[0], next);
          }
        } else {
          state.put(top[0], 2);
          stack.pop();
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
