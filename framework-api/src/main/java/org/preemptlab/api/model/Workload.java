package org.preemptlab.api.model;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    Set<String> contextIds = new HashSet<>();
    for (GpuContext context : contexts) {
      if (!contextIds.add(context.id())) {
        throw new IllegalArgumentException("duplicate context id '" + context.id() + "'");
      }
    }
    Set<String> queueIds = new HashSet<>();
    for (JobQueue queue : queues) {
      if (!queueIds.add(queue.id())) {
        throw new IllegalArgumentException("duplicate queue id '" + queue.id() + "'");
      }
      if (!contextIds.contains(queue.contextId())) {
        throw new IllegalArgumentException("queue '" + queue.id() + "' names unknown context '"
            + queue.contextId() + "'; known: " + contextIds.stream().sorted().toList());
      }
    }
    Map<Long, Job> byId = new HashMap<>();
    for (Job job : jobs) {
      if (byId.put(job.id(), job) != null) {
        throw new IllegalArgumentException("duplicate job id " + job.id());
      }
      if (!queueIds.contains(job.queueId())) {
        throw new IllegalArgumentException("job " + job.id() + " names unknown queue '"
            + job.queueId() + "'; known: " + queueIds.stream().sorted().toList());
      }
    }
    for (Job job : jobs) {
      for (long dependency : job.dependencies()) {
        if (!byId.containsKey(dependency)) {
          throw new IllegalArgumentException("job " + job.id() + " depends on unknown job "
              + dependency);
        }
      }
    }
    checkAcyclic(jobs, byId);
    for (QueueAction action : actions) {
      if (!queueIds.contains(action.queueId())) {
        throw new IllegalArgumentException("a timed action at " + action.timeNs() + " ns names "
            + "unknown queue '" + action.queueId() + "'; known: "
            + queueIds.stream().sorted().toList());
      }
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
          } else if (s == 1) {
            throw new IllegalArgumentException("dependency cycle through jobs " + top[0] + " and "
                + next);
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
