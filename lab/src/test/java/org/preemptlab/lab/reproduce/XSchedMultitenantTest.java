package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * {@code preemptlab reproduce xsched-multitenant} on the real engine, with fewer Pjob requests than
 * the command: the inputs turn into the artifact's standalone timings, and the claims' bars come
 * out of the mechanisms (time slicing natively, HPF's suspension under XSched).
 */
class XSchedMultitenantTest {
  private static final RunExecutor EXECUTOR = new RunExecutor(TwoContextRun.REGISTRY);

  @TempDir
  Path directory;

  private static XSchedMultitenant withRequests(int requests) {
    return new XSchedMultitenant(Optional.of(TwoContextRun.REGISTRY), requests, 1);
  }

  @Test
  void aPjobRequestAloneLastsItsFiveHundredTwelveKernelsOfOneV100WaveEach() {
    XSchedMultitenant reproduction = withRequests(2);
    assertThat(XSchedMultitenant.pjobKernelNs() * XSchedMultitenant.PJOB_KERNELS / 1e6)
        .isCloseTo(XSchedMultitenant.GV100_SA_PJOB_MEAN_MS, within(0.001));

    long[] latencies = XSchedMultitenant.pjobLatencies(EXECUTOR.execute(reproduction.config(
        reproduction.workload(true, false, false), false, 2)).result());

    // One block of 1,024 threads x 64 registers per SM: 512 waves back to back, plus the launch
    // and the v100's 220 ns block dispatch per wave (about 0.12 ms). Two blocks per SM would halve
    // it.
    long waves = XSchedMultitenant.PJOB_KERNELS * XSchedMultitenant.pjobKernelNs();
    assertThat(latencies).hasSize(2);
    for (long latency : latencies) {
      assertThat(latency).isBetween(waves, waves + 200_000);
    }
  }

  @Test
  void theOjobAloneRunsAtTheGv100StandaloneRateItsCommandTimeWasDerivedFrom() {
    XSchedMultitenant reproduction = withRequests(1);

    double tests = reproduction.ojobTests(EXECUTOR.execute(reproduction.config(
        reproduction.workload(false, true, false), false, 2)).result());

    // 8,000 commands of 40.97 us; a launch latency every 80 commands costs under 3%.
    assertThat(tests).isCloseTo(XSchedMultitenant.GV100_SA_OJOB_TESTS,
        within(0.03 * XSchedMultitenant.GV100_SA_OJOB_TESTS));
  }

  @Test
  @Tag("slow")
  void hpfAtLevelTwoKeepsThePjobAtStandaloneWhereNativeTimeSlicesNearlyHalveItAndTheOjobHarvests() {
    XSchedMultitenant reproduction = withRequests(4);
    XSchedMultitenant.Runs runs = reproduction.simulate(EXECUTOR);
    XSchedMultitenant.Bars nativeBars = reproduction.bars(runs, runs.nativeRun());
    XSchedMultitenant.Bars xsched = reproduction.bars(runs, runs.xschedRun());
    XSchedMultitenant.Bars levelOne = reproduction.bars(runs, runs.levelOneRun());

    // Natively the two contexts take turns of a 2.05 ms slice: the Pjob gets about half the
    // device while its request runs, the Ojob half of that time and all of the rest.
    assertThat(nativeBars.pjob()).isBetween(0.4, 0.55);
    assertThat(runs.nativeRun().contextSwitches()).isGreaterThan(4 * 30);
    double busy = runs.alonePjobP99Ns() / (double) XSchedMultitenant.PERIOD_NS;
    assertThat(xsched.ojob()).as("the Ojob keeps the device outside the Pjob's requests")
        .isCloseTo(1 - busy, within(0.03));
    assertThat(nativeBars.ojob()).isLessThan(xsched.ojob());
    // Under HPF the Pjob waits only for the Ojob to go quiet: a switch and at most one command.
    assertThat(1 - xsched.pjob()).isBetween(0.0, 0.01);
    XSchedMultitenant.Suspensions lv2 = XSchedMultitenant.Suspensions.of(runs.xschedRun());
    XSchedMultitenant.Suspensions lv1 = XSchedMultitenant.Suspensions.of(runs.levelOneRun());
    assertThat(lv2.count()).isEqualTo(4);
    assertThat(lv2.maxNs()).isLessThan(180_000 + XSchedMultitenant.ojobCommandNs() + 50_000);
    // At level 1 the launched commands still run, in a later slice: later quiet, later Pjob.
    assertThat(lv1.meanNs()).isGreaterThan(lv2.meanNs() + 1_000_000);
    assertThat(levelOne.pjobP99Ns()).isGreaterThan(xsched.pjobP99Ns());
  }

  @Test
  void theTargetsAreTheArtifactsGv100BarsAndTheNativeBaselineFailsTheXSchedPjobRow() {
    assertThat(XSchedMultitenant.NATIVE_PJOB.tolerance().accepts(0.448)).isTrue();
    assertThat(XSchedMultitenant.NATIVE_PJOB.published()).isEqualTo("GV100 0.448");
    assertThat(XSchedMultitenant.NATIVE_OJOB.published()).isEqualTo("GV100 0.548");
    assertThat(XSchedMultitenant.XSCHED_OJOB.published()).isEqualTo("GV100 0.599");
    assertThat(XSchedMultitenant.XSCHED_PJOB.published()).isEqualTo("1.0% (GV100 bar 0.4%)");
    Target.Row againstNative = XSchedMultitenant.XSCHED_PJOB.simulated("0.9%",
        new double[] {0.009}, new Target.Baseline("native", "50%", 0.50));
    assertThat(againstNative.verdict()).isEqualTo(Verdict.PASS);
    Target.Row likeNative = XSchedMultitenant.XSCHED_PJOB.simulated("6%", new double[] {0.06},
        new Target.Baseline("native", "50%", 0.50));
    assertThat(likeNative.verdict()).isEqualTo(Verdict.FAIL);
  }

  @Test
  @Tag("slow")
  void theCommandPrintsTheFourRowsAndThePageNamesWhatIsNotSimulated() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean reproduced;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      reproduced = withRequests(2).run(directory, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);

    assertThat(printed).containsPattern("native: Pjob performance \\(standalone P99 / P99\\)"
        + " +XSched, OSDI'25, §8 case 1, Fig. 13 bottom .* +GV100 0.448 +0\\.[45][0-9]{2}"
        + " +±15% +PASS")
        .containsPattern("XSched fixed priority: Pjob degradation .* +1.0% \\(GV100 bar 0.4%\\)"
            + " +[0-9.]+% +<= 5% +native: [0-9.]+% +PASS")
        .contains("vCUDA (quota 60/40)", "TGS");
    assertThat(reproduced).as(printed).isTrue();
    assertThat(Files.readString(directory.resolve("xsched-multitenant.md")))
        .contains("Not simulated: the vCUDA and TGS bars", "equal for every command: an"
            + " assumption", "Verdict: 4 PASS of 4 rows: reproduced");
  }
}
