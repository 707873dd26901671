package org.preemptlab.runner.experiment.cluster;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.preemptlab.runner.experiment.sweep.PlannedRun;

/**
 * A sweep's runs split into shards: every run in exactly one shard, each shard's runs in plan
 * order, and the shards' expected costs balanced.
 *
 * <p>The split is greedy longest-processing-time-first (Graham, "Bounds on multiprocessing timing
 * anomalies", SIAM J. Appl. Math. 17(2), 1969): runs in decreasing cost, ties in plan order, each
 * to the shard with the least cost so far, ties to the lowest index. Every shard's cost is
 * therefore at most the mean cost per shard plus the largest single run's cost (the shard was the
 * least loaded, so at most the mean, before its last run was added). It depends only
 * on the runs (their plan order) and their costs, so an unchanged sweep file gives the same
 * partition in every process: each array task computes it for itself.
 *
 * @param shards the runs of every shard, in plan order; as many lists as shards (some may be
 *     empty when there are more shards than runs)
 * @param costs the expected cost of every shard, in the units of the {@link RunCost}
 */
public record Partition(List<List<PlannedRun>> shards, List<Long> costs) {

  /** Copies the lists. */
  public Partition {
    shards = shards.stream().map(List::copyOf).toList();
    costs = List.copyOf(costs);
    checkArgument(shards.size() == costs.size(), "%s shards but %s costs", shards.size(),
        costs.size());
  }

  /**
   * Splits {@code runs} (in plan order) into {@code count} shards.
   *
   * @throws IllegalArgumentException if {@code count < 1} or a cost is below 1
   */
  public static Partition of(List<PlannedRun> runs, int count, RunCost cost) {
    checkArgument(count >= 1, "need at least 1 shard, got %s", count);
    long[] costOf = new long[runs.size()];
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      costOf[i] = cost.of(runs.get(i));
      checkArgument(costOf[i] >= 1, "cost of %s must be >= 1, got %s", runs.get(i), costOf[i]);
      order.add(i);
    }
    order.sort(Comparator.comparingLong((Integer i) -> -costOf[i]).thenComparingInt(i -> i));
    long[] load = new long[count];
    PriorityQueue<Integer> lightest = new PriorityQueue<>(
        Comparator.comparingLong((Integer s) -> load[s]).thenComparingInt(s -> s));
    for (int s = 0; s < count; s++) {
      lightest.add(s);
    }
    int[] shardOf = new int[runs.size()];
    for (int i : order) {
      int s = lightest.poll();
      shardOf[i] = s;
      load[s] += costOf[i];
      lightest.add(s);
    }
    List<List<PlannedRun>> shards = new ArrayList<>();
    List<Long> costs = new ArrayList<>();
    for (int s = 0; s < count; s++) {
      shards.add(new ArrayList<>());
      costs.add(load[s]);
    }
    for (int i = 0; i < runs.size(); i++) {
      shards.get(shardOf[i]).add(runs.get(i));
    }
    return new Partition(shards, costs);
  }

  /** How many shards. */
  public int count() {
    return shards.size();
  }

  /** The runs of {@code shard}, in plan order. */
  public List<PlannedRun> runs(Shard shard) {
    checkArgument(shard.count() == count(), "shard %s of a partition into %s", shard, count());
    return shards.get(shard.index());
  }
}
