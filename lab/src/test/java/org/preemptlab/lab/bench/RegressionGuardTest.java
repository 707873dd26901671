package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The standard workload's ratio as a regression guard (issue 52), not a target. */
class RegressionGuardTest {

  @Test
  void theGuardHoldsAtOnePointEightOrMoreAtTenThousandKernels() {
    assertThat(Benchmark.guardVerdict(10_000, 1.8)).endsWith(": HELD (1.800)");
    assertThat(Benchmark.guardVerdict(10_000, 2.25)).endsWith(": HELD (2.250)");
  }

  @Test
  void belowOnePointEightItSaysSoAndHowToCheckAChange() {
    assertThat(Benchmark.guardVerdict(10_000, 1.799))
        .startsWith("regression guard: engine/baseline blocks per CPU second >= 1.8 at N = "
            + "10,000: BELOW (1.799)")
        .contains("benchmarks/EngineAB.java");
  }

  @Test
  void itIsNotAppliedAtAnotherSizeOrWithoutThreadCpuTime() {
    assertThat(Benchmark.guardVerdict(200, 3.0)).endsWith("not applied (N = 200)");
    assertThat(Benchmark.guardVerdict(10_000, -1)).endsWith("not applied (no thread CPU time)");
  }
}
