package org.preemptlab.runner.experiment.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.sweep.PlannedRun;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.experiment.sweep.SweepPoint;

class PartitionTest {
  /** A sweep whose configurations differ in workload size: 3 policies x 4 demo lengths. */
  private static final String SWEEP = """
      vary:
        policy: [fifo, round-robin, priority]
        workload.duration: [1ms, 2ms, 4ms, 8ms]
      seeds: 3
      """;

  private static List<PlannedRun> runs(int count) {
    List<PlannedRun> runs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      runs.add(new PlannedRun(new SweepPoint("c" + (i / 4), Map.of("k", "c" + (i / 4)),
          RunConfig.defaults()), i % 4 + 1));
    }
    return runs;
  }

  /** Random costs in [1, 1000] for the given runs, fixed by the seed. */
  private static RunCost randomCosts(List<PlannedRun> runs, long seed) {
    Random random = new Random(seed);
    Map<PlannedRun, Long> costs = new HashMap<>();
    for (PlannedRun run : runs) {
      costs.put(run, 1 + (long) random.nextInt(1000));
    }
    return costs::get;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 7, 16, 40, 41, 100})
  void everyRunIsInExactlyOneShardAndEachShardKeepsPlanOrder(int shards) {
    List<PlannedRun> runs = runs(40);

    Partition partition = Partition.of(runs, shards, randomCosts(runs, shards));

    assertThat(partition.count()).isEqualTo(shards);
    List<PlannedRun> all = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      List<PlannedRun> mine = partition.runs(new Shard(s, shards));
      List<PlannedRun> sorted = new ArrayList<>(mine);
      sorted.sort((a, b) -> Integer.compare(runs.indexOf(a), runs.indexOf(b)));
      assertThat(mine).as("shard %s in plan order", s).isEqualTo(sorted);
      all.addAll(mine);
    }
    assertThat(all).hasSize(runs.size()).containsExactlyInAnyOrderElementsOf(runs);
    assertThat(new HashSet<>(all)).hasSize(runs.size());
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void noShardCostsMoreThanTheMeanPlusTheLargestRun(long seed) {
    List<PlannedRun> runs = runs(200);
    RunCost cost = randomCosts(runs, seed);
    long total = runs.stream().mapToLong(cost::of).sum();
    long largest = runs.stream().mapToLong(cost::of).max().orElseThrow();

    for (int shards : List.of(2, 3, 8, 13, 32)) {
      Partition partition = Partition.of(runs, shards, cost);

      assertThat(partition.costs().stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
      for (int s = 0; s < shards; s++) {
        long own = partition.runs(new Shard(s, shards)).stream().mapToLong(cost::of).sum();
        assertThat(partition.costs().get(s)).isEqualTo(own);
        assertThat((double) own).as("shard %s of %s", s, shards)
            .isLessThanOrEqualTo((double) total / shards + largest);
      }
    }
  }

  @Test
  void aFewExpensiveRunsAreSpreadInsteadOfCountedAsOne() {
    List<PlannedRun> runs = runs(8);
    Map<PlannedRun, Long> costs = new HashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      costs.put(runs.get(i), i < 2 ? 100L : 1L); // the first two runs are the expensive ones
    }

    Partition partition = Partition.of(runs, 2, costs::get);

    assertThat(partition.runs(new Shard(0, 2))).contains(runs.get(0)).doesNotContain(runs.get(1));
    assertThat(partition.runs(new Shard(1, 2))).contains(runs.get(1));
    assertThat(partition.costs()).containsExactly(103L, 103L);
    assertThat(Partition.of(runs, 2, RunCost.UNIFORM).costs()).containsExactly(4L, 4L);
  }

  @Test
  void theSameSweepFileGivesTheSamePartitionInAnotherProcessAndOrder() {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    SweepPlan first = SweepPlan.of(YamlBinding.parse(SWEEP, "s.yaml", SweepConfig.class)
        .orElseThrow());
    SweepPlan second = SweepPlan.of(YamlBinding.parse(SWEEP, "s.yaml", SweepConfig.class)
        .orElseThrow());
    WorkloadSize warmedBackwards = new WorkloadSize(executor);
    List<PlannedRun> reversed = new ArrayList<>(second.runs());
    Collections.reverse(reversed);
    reversed.forEach(warmedBackwards::of); // a cache filled in another order changes nothing

    Partition a = Partition.of(first.runs(), 7, new WorkloadSize(executor));
    Partition b = Partition.of(second.runs(), 7, warmedBackwards);

    assertThat(b).isEqualTo(a);
    assertThat(a.costs()).isEqualTo(b.costs());
  }

  @Test
  void longerWorkloadsCostMoreAndTheCostBalancesThem() {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    SweepPlan plan = SweepPlan.of(YamlBinding.parse(SWEEP, "s.yaml", SweepConfig.class)
        .orElseThrow());
    WorkloadSize cost = new WorkloadSize(executor);
    Map<String, Long> byDuration = new HashMap<>();
    for (PlannedRun run : plan.runs()) {
      byDuration.merge(run.point().values().get("workload.duration"), cost.of(run),
          Long::sum);
    }
    assertThat(byDuration.get("1ms")).isLessThan(byDuration.get("2ms"));
    assertThat(byDuration.get("2ms")).isLessThan(byDuration.get("4ms"));
    assertThat(byDuration.get("4ms")).isLessThan(byDuration.get("8ms"));

    Partition balanced = Partition.of(plan.runs(), 4, cost);
    Partition counted = Partition.of(plan.runs(), 4, RunCost.UNIFORM);
    long largest = plan.runs().stream().mapToLong(cost::of).max().orElseThrow();
    long spreadBalanced = spread(balanced, cost);
    long spreadCounted = spread(counted, cost);
    assertThat(spreadBalanced).isLessThanOrEqualTo(largest).isLessThan(spreadCounted);
  }

  /** The largest minus the smallest shard cost, measured with {@code cost}. */
  private static long spread(Partition partition, RunCost cost) {
    List<Long> sums = new ArrayList<>();
    for (int s = 0; s < partition.count(); s++) {
      sums.add(partition.runs(new Shard(s, partition.count())).stream().mapToLong(cost::of)
          .sum());
    }
    return Collections.max(sums) - Collections.min(sums);
  }

  @Test
  void moreShardsThanRunsLeavesTheRestEmpty() {
    Partition partition = Partition.of(runs(3), 5, RunCost.UNIFORM);

    Set<Integer> sizes = new HashSet<>();
    for (int s = 0; s < 5; s++) {
      sizes.add(partition.runs(new Shard(s, 5)).size());
    }
    assertThat(sizes).containsExactlyInAnyOrder(0, 1);
    assertThat(partition.runs(new Shard(3, 5))).isEmpty();
  }

  @Test
  void zeroShardsOrACostBelowOneAreRefused() {
    assertThatThrownBy(() -> Partition.of(runs(3), 0, RunCost.UNIFORM))
        .hasMessageContaining("at least 1 shard");
    assertThatThrownBy(() -> Partition.of(runs(3), 2, run -> 0))
        .hasMessageContaining("must be >= 1, got 0");
    assertThatThrownBy(() -> Partition.of(runs(3), 2, RunCost.UNIFORM).runs(new Shard(0, 3)))
        .hasMessageContaining("partition into 2");
  }

  @Test
  void aWorkloadThatCannotBeGeneratedCostsOneAndItsRunStillGetsAShard() {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    SweepPlan plan = SweepPlan.of(YamlBinding.parse("""
        base:
          workload: {generator: csv-trace, parameters: {path: no-such-trace.csv}}
        seeds: 2
        """, "s.yaml", SweepConfig.class).orElseThrow());

    assertThat(plan.runs()).allSatisfy(run -> assertThat(new WorkloadSize(executor).of(run))
        .isEqualTo(1));
    assertThat(Partition.of(plan.runs(), 2, new WorkloadSize(executor)).costs())
        .containsExactly(1L, 1L);
  }
}
