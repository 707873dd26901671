package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.PolicyDecisions;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/** Whether a run's policy departed from the hardware's own order, counted by the real engine. */
class PolicyInfluenceTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(Optional.empty()));

  /**
   * Two queues of one context on a 4-SM device: HIGH requests with deadlines arriving every
   * 100 us, and a LOW loop of kernels that fill the device; {@code engine} is the engine section.
   */
  private static RunOutcome run(String policy, String preemption, String engine) {
    String yaml = """
        name: influence
        seed: 3
        hardware: {id: h200, parameters: {sm-count: 4}}
        policy: %s
        preemption: %s
        context-save: full
        %s
        workload:
          spec:
            duration: 2ms
            contexts:
              - {id: app}
            queues:
              - id: requests
                context: app
                priority: HIGH
                deadline: 100us
                arrival: {process: periodic, period: 100us}
                kernels:
                  - {name: infer, grid-blocks: 8, threads-per-block: 1024, block-time: 20us}
              - id: batch
                context: app
                priority: LOW
                arrival: {process: periodic, period: 100us}
                kernels:
                  - {name: gemm, grid-blocks: 16, threads-per-block: 1024, block-time: 40us}
        """.formatted(policy, preemption, engine);
    return EXECUTOR.execute(ConfigLoader.parse(yaml, "influence.yaml"));
  }

  @Test
  void fifoMakesNoDecisionOfItsOwnAndTheRunSaysWhy() {
    RunOutcome outcome = run("fifo", "block-boundary", "engine: {credit-limit: 1}");
    PolicyDecisions decisions = outcome.result().policyDecisions();

    assertThat(decisions.recorded()).isTrue();
    assertThat(decisions.launchChoices()).isPositive();
    assertThat(decisions.waitingRounds()).as("one credit: jobs wait for a launch").isPositive();
    assertThat(decisions.departures()).isZero();
    assertThat(PolicyInfluence.warning(outcome)).hasValueSatisfying(w -> assertThat(w)
        .contains("policy 'fifo' made no decision that departs from the hardware's own order")
        .contains("launch choices took the job submitted first"));
  }

  @Test
  void whenEveryReadyJobIsLaunchedAtOnceTheReasonNamesTheWindowAndCredits() {
    RunOutcome outcome = run("fifo", "block-boundary", "");

    assertThat(outcome.result().policyDecisions().waitingRounds()).isZero();
    assertThat(PolicyInfluence.warning(outcome)).hasValueSatisfying(w -> assertThat(w)
        .contains("every ready job was launched at once")
        .contains("credits unlimited")
        .contains("rank placement (placementOrder)"));
  }

  @Test
  void aPolicyThatRanksPlacementDepartsFromTheHardwareOrderAndIsNotWarnedAbout() {
    // edf ranks placement by deadline: the LOW batch kernels have none, the requests do, so
    // the ranking equals the priority order here; it departs where a request is launched behind
    // a request of a later deadline, which periodic arrivals never produce. Its launch choices
    // under one credit follow deadlines, not submission.
    RunOutcome outcome = run("edf", "block-boundary", "engine: {credit-limit: 1}");
    PolicyDecisions decisions = outcome.result().policyDecisions();

    assertThat(decisions.launchesReordered()).isPositive();
    assertThat(PolicyInfluence.warning(outcome)).isEmpty();
    assertThat(PolicyInfluence.describe(outcome)).hasValueSatisfying(line -> assertThat(line)
        .startsWith("policy 'edf' decisions: " + decisions.launchesReordered() + " of "
            + decisions.launchChoices() + " launch choices out of submission order"));
  }

  @Test
  void preemptionsThatAllDrainAreCalledOut() {
    RunOutcome drained = run("priority", "block-boundary", "");
    RunOutcome stopped = run("priority", "instruction-level", "");

    assertThat(drained.result().preemptions()).isNotEmpty()
        .allSatisfy(p -> assertThat(p.saved() + p.flushed()).isZero());
    assertThat(drained.result().policyDecisions().preemptionsRequested())
        .isEqualTo(drained.result().preemptions().size());
    assertThat(PolicyInfluence.warning(drained)).hasValueSatisfying(w -> assertThat(w)
        .contains("preemptions all drained").contains("preemption 'block-boundary'"));
    assertThat(PolicyInfluence.warning(stopped)).as("instruction-level stops blocks").isEmpty();
  }

  @Test
  void fifoDepartsFromNothingOnTheShippedPolicyLibraryWorkload() {
    // closed-loop clients and Poisson queues whose jobs tie in submit time: fifo breaks ties by
    // the order jobs were offered to it, and so must the hardware order it is compared with
    org.preemptlab.runner.experiment.sweep.SweepConfig sweep = org.preemptlab.runner.experiment
        .YamlBinding.read(java.nio.file.Path.of("..", "examples", "configs",
            "policy-library.yaml"), org.preemptlab.runner.experiment.sweep.SweepConfig.class)
        .orElseThrow();
    for (long seed = 1; seed <= 3; seed++) {
      RunOutcome outcome = EXECUTOR.execute(sweep.base().withSeed(seed));

      assertThat(outcome.config().policy().id()).isEqualTo("fifo");
      assertThat(outcome.result().policyDecisions().launchChoices()).isPositive();
      assertThat(outcome.result().policyDecisions().departures()).as("seed %s", seed).isZero();
    }
  }

  @Test
  void theCountsAreTheSameInEveryRunOfOneConfiguration() {
    RunOutcome once = run("priority", "instruction-level", "");
    RunOutcome again = run("priority", "instruction-level", "");

    assertThat(again.result().jobs()).isEqualTo(once.result().jobs());
    assertThat(again.result().policyDecisions()).isEqualTo(once.result().policyDecisions());
  }
}
