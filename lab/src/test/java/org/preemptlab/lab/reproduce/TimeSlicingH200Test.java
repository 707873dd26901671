package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.hardware.CostDistribution;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.hardware.CostModel;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.metrics.Percentiles;

/**
 * Checks the {@code h200} model's time slicing against the H200 time-slicing rows (measured on an
 * H200 for this project; docs/hardware-models.md) that its save, restore, switch and slice costs
 * were fitted to. This is a calibration check, in-sample: it shows the engine reproduces the fit,
 * not that the model predicts data it has not seen.
 *
 * <p>Tolerances come from the fit. A simulated switch-out may differ from the measured p50 by the
 * fit's own residual for that row (docs/hardware-models.md, table "the save, restore and
 * context-switch fit": -1.9 to +10.7 us; one byte rate for registers and shared memory is the
 * largest source) plus {@value #ENGINE_EXTRA_US} us for what the engine adds to the fit's formula
 * (the second switch's 1 us preemption signal and B's 0.5 us block). A's run between switch-outs
 * may differ by 2%: the one slice the fit took from the light row reproduces all six rows' run
 * times within 2% (2,053-2,084 us).
 */
@Tag("slow")
class TimeSlicingH200Test {
  private static final double ENGINE_EXTRA_US = 2.0;
  private static final long SEED = 11;
  private static final HardwareModel H200 = TwoContextRun.h200(Map.of());
  /** Two drawn switch costs may differ by up to twice the width of their distribution. */
  private static final long SWITCH_SPREAD_NS = 2 * (((CostModel) H200).contextSwitch().quantileNs(1)
      - ((CostModel) H200).contextSwitch().quantileNs(0));

  private static Observed observe(TwoContextRun run, HardwareModel hardware, String policy,
      Map<String, String> parameters) {
    SwitchOutLog log = new SwitchOutLog("a");
    SimulationResult result = run.run(hardware, policy, parameters, SEED, log);
    return new Observed(result, log.switchOutsNs(), log.startToStartNs());
  }

  private static Observed observe(TwoContextRun run) {
    return observe(run, H200, "round-robin", Map.of());
  }

  /** What one run showed: the engine's result and A's switch-outs and periods in ns. */
  private record Observed(SimulationResult result, List<Long> switchOuts, List<Long> periods) {
    double switchOutP50Us() {
      return p50(switchOuts) / 1000.0;
    }

    double periodP50Us() {
      return p50(periods) / 1000.0;
    }

    long shortestPeriodNs() {
      return periods.stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    private static long p50(List<Long> values) {
      return Percentiles.of(values.stream().mapToLong(Long::longValue).toArray()).at(50);
    }
  }

  private static TwoContextRun variant(String name) {
    return switch (name) {
      case "light" -> TwoContextRun.light();
      case "register-heavy" -> TwoContextRun.registerHeavy();
      case "shared-memory-heavy" -> TwoContextRun.sharedMemoryHeavy();
      default -> TwoContextRun.threadsPerSm(Integer.parseInt(name));
    };
  }

  @Test
  void aIsSwitchedOutExactlyOncePerLaunchOfB() {
    Observed light = observe(TwoContextRun.light());

    assertThat(light.switchOuts()).hasSize(TwoContextRun.B_LAUNCHES);
    // out to B and back to A for every launch
    assertThat(light.result().contextSwitches()).isEqualTo(2 * TwoContextRun.B_LAUNCHES);
  }

  /** Measured p50 switch-out and the fit's residual for that row (predicted - measured), in us. */
  @ParameterizedTest(name = "{0}: measured {1} us, fit residual {2} us")
  @CsvSource({
      "light, 364, -1.9",
      "register-heavy, 319, 10.7",
      "shared-memory-heavy, 372, -8.9",
      "256, 299, -1.9",
      "512, 306, 0.4",
      "1024, 323, 1.9"})
  void aSwitchOutLastsAsLongAsMeasuredWithinTheFitsResidual(String name, double measuredUs,
      double residualUs) {
    Observed observed = observe(variant(name));

    assertThat(observed.switchOutP50Us())
        .isCloseTo(measuredUs, within(Math.abs(residualUs) + ENGINE_EXTRA_US));
  }

  @Test
  void theVariantsSwitchOutInTheMeasuredOrder() {
    // measured p50: register-heavy 319 < light 364 < shared-memory-heavy 372 us
    double registerHeavy = observe(TwoContextRun.registerHeavy()).switchOutP50Us();
    double light = observe(TwoContextRun.light()).switchOutP50Us();
    double sharedHeavy = observe(TwoContextRun.sharedMemoryHeavy()).switchOutP50Us();

    assertThat(registerHeavy).isLessThan(light);
    assertThat(light).isLessThan(sharedHeavy);
  }

  @Test
  void moreResidentThreadsMakeLongerSwitchOutsAsMeasured() {
    // measured p50: 299 < 306 < 323 < 364 us for 256, 512, 1,024, 2,048 threads per SM
    List<Double> series = List.of(256, 512, 1024).stream()
        .map(t -> observe(TwoContextRun.threadsPerSm(t)).switchOutP50Us())
        .collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new));
    series.add(observe(TwoContextRun.light()).switchOutP50Us());

    assertThat(series).isSortedAccordingTo(Double::compare).doesNotHaveDuplicates();
  }

  @ParameterizedTest(name = "{0}: measured {1} us start to start")
  @CsvSource({
      "light, 2419",
      "register-heavy, 2391",
      "shared-memory-heavy, 2425",
      "256, 2383",
      "512, 2386",
      "1024, 2394"})
  void aRunsBetweenSwitchOutsAsLongAsMeasured(String name, double measuredUs) {
    Observed observed = observe(variant(name));

    assertThat(observed.periodP50Us()).isCloseTo(measuredUs, within(0.02 * measuredUs));
  }

  @ParameterizedTest(name = "A at {0} gets the time-slice policy's {1} slice")
  @CsvSource({"LOW, 1300000", "NORMAL, 2600000", "HIGH, 5200000"})
  void theTimeSlicePolicysPerPrioritySliceReplacesTheHardwareSlice(String priority,
      long sliceNs) {
    TwoContextRun run = TwoContextRun.light().withPriorityA(priority);
    Observed hardwareSlice = observe(run);
    Observed policySlice = observe(run, H200, "time-slice", Map.of());

    assertThat(policySlice.shortestPeriodNs() - hardwareSlice.shortestPeriodNs())
        .isCloseTo(sliceNs - H200.device().costs().timeSliceNs(), within(SWITCH_SPREAD_NS));
    assertThat(policySlice.switchOuts()).hasSize(TwoContextRun.B_LAUNCHES);
  }

  @Test
  void aParameterOfTheTimeSlicePolicySetsTheSliceOfItsPriority() {
    TwoContextRun run = TwoContextRun.light().withPriorityA("LOW");
    Observed fourMs = observe(run, H200, "time-slice", Map.of("slice-low", "4ms"));
    Observed defaults = observe(run, H200, "time-slice", Map.of());

    assertThat(fourMs.shortestPeriodNs() - defaults.shortestPeriodNs())
        .isCloseTo(4_000_000 - 1_300_000, within(SWITCH_SPREAD_NS));
  }

  @Test
  void withConcurrentContextsTheTwoContextsShareSmsAndNothingIsSwitched() {
    // MPS-like: no policy needed, only hardware.concurrent-contexts=true. A leaves room for B's
    // block (one 1,024-thread block per SM), so B runs beside A and A is never switched out.
    TwoContextRun run = TwoContextRun.threadsPerSm(1024);
    HardwareModel mps = TwoContextRun.h200(Map.of("concurrent-contexts", "true"));

    Observed shared = observe(run, mps, "round-robin", Map.of());
    Observed sliced = observe(run, H200, "round-robin", Map.of());

    assertThat(shared.result().contextSwitches()).isZero();
    assertThat(shared.switchOuts()).isEmpty();
    // B launches while A's blocks are resident: a busy launch, drawn from its distribution.
    CostDistribution busy = ((CostModel) mps).launchBusy();
    long overhead = mps.device().costs().blockDispatchNs() + 500;
    assertThat(shared.result().jobs()).filteredOn(j -> j.contextId().equals("b"))
        .hasSize(TwoContextRun.B_LAUNCHES)
        .allSatisfy(j -> assertThat(j.turnaroundNs())
            .isBetween(busy.quantileNs(0) + overhead, busy.quantileNs(1) + overhead));
    assertThat(sliced.switchOuts()).hasSize(TwoContextRun.B_LAUNCHES);
    assertThat(maxTurnaround(sliced, "b")).isGreaterThan(10 * (busy.quantileNs(1) + overhead));
  }

  private static long maxTurnaround(Observed observed, String context) {
    return observed.result().jobs().stream().filter(j -> j.contextId().equals(context))
        .mapToLong(JobRecord::turnaroundNs).max().orElseThrow();
  }
}
