package org.preemptlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.cli.CliRun;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/** {@code preemptlab bench --llm}: what it runs and reports (never how fast it was). */
class BenchLlmTest {

  @Test
  @Tag("slow")
  void oneCaseRunsForTheHorizonGivenAndIsCheckedEqualWithTheEngineOptionsChanged() {
    CliRun result = CliRun.of("bench", "--llm", "--llm-case", "conv-alone", "--llm-seconds", "1");
    RunOutcome alone = new RunExecutor(PluginRegistry.discover(Optional.empty())).execute(
        ConfigLoader.parse(org.preemptlab.lab.bench.LlmServingRate.conversation("conv-alone",
            1_000_000_000L, "", false), "alone.yaml"));

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out())
        .containsPattern("conv-alone +" + String.format(java.util.Locale.ROOT, "%.3f",
            alone.result().makespanNs() / 1e9) + " +" + String.format(java.util.Locale.ROOT,
            "%,d +%,d", alone.metrics().jobs(), alone.result().blocksExecuted())
            + " .* EQUAL")
        .doesNotContain("vllm-300")
        .contains("EQUAL results (every job's row, span, blocks, events, metrics)");
  }

  @Test
  @Tag("slow")
  void withoutTheCheckACaseIsTimedOnceAndTheReportSaysTheCheckDidNotRun() {
    CliRun result = CliRun.of("bench", "--llm", "--llm-case", "conv-alone", "--llm-seconds", "1",
        "--llm-no-check");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).containsPattern("\nconv-alone +1\\.\\d{3} .* +-\n")
        .contains("check: not run (--llm-no-check)").doesNotContain("EQUAL");
  }

  @Test
  void itsOptionsGoWithLlmOnly() {
    CliRun noCheck = CliRun.of("bench", "--llm-no-check");
    assertThat(noCheck.exit()).isEqualTo(2);
    assertThat(noCheck.err()).contains("bench --llm-no-check goes with --llm");
    CliRun seconds = CliRun.of("bench", "--llm-seconds", "5");
    CliRun withKernels = CliRun.of("bench", "--llm", "--kernels", "200");

    assertThat(seconds.exit()).isEqualTo(2);
    assertThat(seconds.err()).contains("bench --llm-seconds goes with --llm");
    assertThat(withKernels.exit()).isEqualTo(2);
    assertThat(withKernels.err()).contains("bench --llm runs each case once; --kernels does not "
        + "apply");
  }

  @Test
  void anUnknownCaseIsNamedWithTheValidOnes() {
    CliRun result = CliRun.of("bench", "--llm", "--llm-case", "conv");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("unknown case 'conv'; valid: vllm-300, conv-alone, "
        + "conv-mps, conv-time-slicing");
  }
}
