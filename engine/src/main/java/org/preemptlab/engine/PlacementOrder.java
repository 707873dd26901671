package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * The order in which block placement ({@link BlockScheduler}) serves launched jobs with blocks to
 * place: by default the hardware's (a normal MPS client's jobs before a below-normal one's, then
 * higher queue priority, then earlier launch), kept sorted as jobs enter; a policy may rank them
 * itself ({@link SchedulingPolicy#placementOrder()}), and MPS clients may be merged neutrally
 * (docs/sharing.md, {@code client-ordering: neutral}), both done before each placement pass. An
 * array walked by index, so a placement pass allocates nothing.
 */
final class PlacementOrder {
  private final RunServices run;
  private SimJob[] order = new SimJob[16];
  private int orderSize;
  /** The policy's placement order, or null for the hardware's. */
  private final Comparator<JobView> ranking;
  /** Whether MPS clients' jobs are merged neutrally before each pass ({@link #mergeClients}). */
  private boolean neutralClients;
  /** The neutral merge's copy of the order, and the start of each client's run in it. */
  private SimJob[] mergeBuffer = new SimJob[0];
  private int[] mergeHeads = new int[0];

  /**
   * @param ranking the policy's placement order, or null for the hardware's; ties go to the
   *     earlier dispatch
   */
  PlacementOrder(RunServices run, Comparator<JobView> ranking) {
    this.run = run;
    this.ranking = ranking == null ? null
        : ranking.thenComparingLong(j -> ((SimJob) j).dispatchSeq);
  }

  /** Orders different MPS clients' jobs neutrally; call before the run. */
  void orderClientsNeutrally() {
    this.neutralClients = true;
  }

  /** Jobs in the order. */
  int size() {
    return orderSize;
  }

  /** The job at {@code position}. */
  SimJob get(int position) {
    return order[position];
  }

  /** Adds a job: at its place in the hardware order, or at the end if ranked or merged later. */
  void add(SimJob job) {
    if (orderSize == order.length) {
      order = Arrays.copyOf(order, orderSize * 2);
    }
    int at = orderSize;
    if (ranking == null && !neutralClients) {
      while (at > 0 && hardwareBefore(job, order[at - 1])) {
        at--;
      }
      System.arraycopy(order, at, order, at + 1, orderSize - at);
    }
    order[at] = job;
    orderSize++;
  }

  /** Removes the job at {@code position}; the jobs behind it move up one. */
  void removeAt(int position) {
    System.arraycopy(order, position + 1, order, position, orderSize - position - 1);
    order[--orderSize] = null;
  }

  /** Removes {@code job}, which is in the order. */
  void remove(SimJob job) {
    for (int i = 0; i < orderSize; i++) {
      if (order[i] == job) {
        removeAt(i);
        return;
      }
    }
  }

  /**
   * Applies {@code change} to something the hardware order depends on (a queue's priority): the
   * queue's jobs leave the order and enter it again at their new places.
   */
  void reorder(SimQueue queue, Runnable change) {
    if (ranking != null) {
      change.run();
      return;
    }
    List<SimJob> moved = new ArrayList<>();
    for (int i = 0; i < orderSize; ) {
      if (order[i].queue == queue) {
        moved.add(order[i]);
        removeAt(i);
      } else {
        i++;
      }
    }
    change.run();
    moved.forEach(this::add);
  }

  /**
   * Brings the order up to date for a placement pass: sorted by the policy's ranking (a pass it
   * reorders is counted), or with MPS clients merged neutrally; else it is already in order.
   */
  void prepareForPass() {
    if (ranking != null) {
      sortByRanking();
      if (!inHardwareOrder()) {
        run.decisions.placementPassesReordered++;
      }
    } else if (neutralClients) {
      mergeClients();
    }
  }

  /** The job placement serves first (the order is sorted first if a policy ranks it). */
  SimJob first() {
    if (ranking != null) {
      sortByRanking();
    }
    return order[0];
  }

  /**
   * The neutral order of MPS clients' jobs, made before each placement pass: each client's own
   * jobs in its hardware order (queue priority, then launch), and between clients the earlier
   * launch of the jobs each would serve next (a below-normal client's after a normal one's), so
   * that no client's stream priorities rank it against another client's.
   */
  private void mergeClients() {
    if (orderSize < 2) {
      return;
    }
    if (mergeBuffer.length < orderSize) {
      mergeBuffer = new SimJob[order.length];
    }
    System.arraycopy(order, 0, mergeBuffer, 0, orderSize);
    Arrays.sort(mergeBuffer, 0, orderSize, (a, b) -> a.queue.context == b.queue.context
        ? (hardwareBefore(a, b) ? -1 : hardwareBefore(b, a) ? 1 : 0)
        : Integer.compare(a.queue.context.index, b.queue.context.index));
    // each client's jobs are now a run of the buffer; merge the runs by their heads
    int runs = 0;
    if (mergeHeads.length < orderSize + 1) {
      mergeHeads = new int[order.length + 1];
    }
    for (int i = 0; i < orderSize; i++) {
      if (i == 0 || mergeBuffer[i].queue.context != mergeBuffer[i - 1].queue.context) {
        mergeHeads[runs++] = i;
      }
    }
    if (runs == 1) {
      System.arraycopy(mergeBuffer, 0, order, 0, orderSize);
      return;
    }
    int[] ends = new int[runs];
    for (int r = 0; r < runs; r++) {
      ends[r] = r + 1 < runs ? mergeHeads[r + 1] : orderSize;
    }
    int[] heads = Arrays.copyOf(mergeHeads, runs);
    for (int out = 0; out < orderSize; out++) {
      int best = -1;
      for (int r = 0; r < runs; r++) {
        if (heads[r] < ends[r] && (best < 0 || clientFirst(mergeBuffer[heads[r]],
            mergeBuffer[heads[best]]))) {
          best = r;
        }
      }
      order[out] = mergeBuffer[heads[best]++];
    }
    Arrays.fill(mergeBuffer, 0, orderSize, null);
  }

  /** Between two clients' next jobs: a normal client's first, then the earlier launch. */
  private static boolean clientFirst(SimJob a, SimJob b) {
    int byClient = Integer.compare(a.queue.context.clientRank, b.queue.context.clientRank);
    return byClient != 0 ? byClient < 0 : a.dispatchSeq < b.dispatchSeq;
  }

  /**
   * The hardware order: a normal MPS client's jobs before a below-normal one's, then higher queue
   * priority first, then earlier launch.
   */
  private static boolean hardwareBefore(SimJob a, SimJob b) {
    int byClient = Integer.compare(a.queue.context.clientRank, b.queue.context.clientRank);
    if (byClient != 0) {
      return byClient < 0;
    }
    int byPriority = Integer.compare(a.queue.priority.ordinal(), b.queue.priority.ordinal());
    return byPriority != 0 ? byPriority < 0 : a.dispatchSeq < b.dispatchSeq;
  }

  /** Whether the order is also the hardware's (the policy's ranking changed nothing). */
  private boolean inHardwareOrder() {
    for (int i = 1; i < orderSize; i++) {
      if (hardwareBefore(order[i], order[i - 1])) {
        return false;
      }
    }
    return true;
  }

  private void sortByRanking() {
    Arrays.sort(order, 0, orderSize, ranking);
  }
}
