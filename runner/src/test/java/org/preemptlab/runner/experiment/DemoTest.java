package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.workload.KernelSpec;
import org.preemptlab.runner.workload.QueueSpec;
import org.preemptlab.runner.workload.SyntheticSpecs;

/** The physics the demo table shows, checked on the built-in demo (one run of every row). */
class DemoTest {
  private static List<Demo.Row> rows;

  @BeforeAll
  static void runTheDemoOnce() {
    rows = Demo.run(ConfigLoader.demo(),
        new RunExecutor(PluginRegistry.discover(Optional.empty())));
  }

  private static Demo.Row row(String preemption, String save) {
    return rows.stream().filter(r -> r.preemption().equals(preemption)
        && r.contextSave().equals(save)).findFirst().orElseThrow();
  }

  /** The shortest block a training kernel of the demo spec can have: min block time less jitter. */
  private static long shortestTrainingBlockNs() {
    QueueSpec training = SyntheticSpecs.demo().queues().stream()
        .filter(q -> q.priority() == Priority.LOW).findFirst().orElseThrow();
    return training.kernels().stream()
        .mapToLong(k -> (long) Math.floor(k.blockTime().min() * (1 - k.jitter())))
        .min().orElseThrow();
  }

  @Test
  void everyPreemptionStrategyMeetsEveryContextSaveStrategyInTableOrder() {
    assertThat(rows).extracting(r -> r.preemption() + " x " + r.contextSave()).containsExactly(
        "block-boundary x full", "block-boundary x liveness",
        "instruction-level x full", "instruction-level x liveness",
        "user-yield x full", "user-yield x liveness");
    assertThat(rows).allSatisfy(r -> {
      assertThat(r.refusal()).isNull();
      assertThat(r.highPriority()).isEqualTo(Priority.HIGH);
      assertThat(r.lowPriority()).isEqualTo(Priority.LOW);
      assertThat(r.value(Demo.PREEMPTIONS_DONE)).isPositive();
      assertThat(r.value(Demo.LOW_THROUGHPUT)).isPositive();
    });
  }

  @Test
  void blockBoundarySavesNothingSoItsContextSaveStrategyMakesNoDifference() {
    Demo.Row full = row("block-boundary", "full");
    Demo.Row liveness = row("block-boundary", "liveness");

    assertThat(full.value(Demo.BYTES_PER_PREEMPTION)).isZero();
    assertThat(liveness).usingRecursiveComparison().ignoringFields("contextSave").isEqualTo(full);
  }

  @Test
  void livenessSavesFewerBytesPerPreemptionThanFullWhenBlocksStopAndSave() {
    for (String preemption : List.of("instruction-level", "user-yield")) {
      double full = row(preemption, "full").value(Demo.BYTES_PER_PREEMPTION);
      double liveness = row(preemption, "liveness").value(Demo.BYTES_PER_PREEMPTION);

      assertThat(full).as(preemption + " x full").isPositive();
      assertThat(liveness).as(preemption + " x liveness").isPositive().isLessThan(full);
    }
  }

  @Test
  void instructionLevelPreemptsFasterThanBlockBoundaryAtTheTail() {
    for (String save : Demo.SAVES) {
      assertThat(row("instruction-level", save).value(Demo.ALL_FREED_P99))
          .as(save).isLessThan(row("block-boundary", save).value(Demo.ALL_FREED_P99));
    }
  }

  @Test
  void blockBoundaryTailLatencyIsAtLeastOneShortTrainingBlock() {
    long shortest = shortestTrainingBlockNs();

    assertThat(shortest).isEqualTo(285_000L); // 300 us, less 5 % jitter
    assertThat(row("block-boundary", "full").value(Demo.ALL_FREED_P99)).isGreaterThanOrEqualTo(shortest);
  }

  @Test
  void theWaitingJobGetsItsResourcesNoLaterThanEveryVictimBlockIsFree() {
    for (Demo.Row r : rows) {
      assertThat(r.value(Demo.WAITER_P50)).as(r.preemption() + " x " + r.contextSave())
          .isPositive().isLessThanOrEqualTo(r.value(Demo.ALL_FREED_P99) + 1e-9);
    }
  }

  @Test
  void theMarkdownTableHasTheSameCellsAsTheTerminalTable() {
    List<String> text = Demo.render(rows).lines().toList();
    List<String> md = Demo.markdown(rows).lines().toList();

    assertThat(md).hasSize(2 + 6);
    assertThat(md.get(0)).startsWith("| preemption | context-save | HIGH p50 µs |");
    assertThat(md.get(1)).startsWith("|---|---|---:|");
    for (int i = 0; i < 6; i++) {
      assertThat(md.get(2 + i).replace("|", " ").split("\\s+"))
          .containsExactly((" " + text.get(2 + i)).split("\\s+"));
    }
  }

  @Test
  void theTableHasAHeaderARuleAndOneLinePerRow() {
    List<String> lines = Demo.render(rows).lines().toList();

    assertThat(lines).hasSize(2 + 6);
    assertThat(lines.get(0)).startsWith("preemption").contains("HIGH p99 us", "LOW jobs/s");
    assertThat(lines.get(1)).matches("[- ]+");
    assertThat(lines.get(2)).startsWith("block-boundary     full ");
  }

  @Test
  void aRefusedRowIsShownWithDashesAndItsReasonBelowTheTable() {
    Demo.Row ok = rows.get(0);
    Demo.Row refused = new Demo.Row("instruction-level", "full", null, null, Map.of(),
        "preemption 'instruction-level' needs instruction-level preemption");

    List<String> lines = Demo.render(List.of(ok, refused)).lines().toList();

    assertThat(lines).hasSize(5);
    assertThat(lines.get(3)).startsWith("instruction-level  full ").endsWith(" -")
        .doesNotContain("0.0");
    assertThat(lines.get(4)).isEqualTo("refused: instruction-level x full: preemption "
        + "'instruction-level' needs instruction-level preemption");
  }
}
