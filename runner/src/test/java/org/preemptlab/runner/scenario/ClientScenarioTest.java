package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.ClientStats;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * Clients as the kernel's scheduler tests define them (tests_scheduler.c @637315cb): cycles,
 * groups, the wait for every client, assertions on clients and upstream's statistics.
 */
class ClientScenarioTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(ClientScenarioTest.class.getClassLoader());

  private static ScenarioResult run(String id, String policy) {
    return ScenarioRuns.run(Scenarios.load(Path.of("..", "examples", "drm", id + ".yaml")), REGISTRY,
        policy);
  }

  @ParameterizedTest
  @ValueSource(strings = {"drm-fifo", "drm-rr", "drm-fair"})
  void twoAsynchronousClientsRunTheirCyclesWithZeroWaitAndZeroCycleTime(String policy) {
    ScenarioResult result = run("clients-two-async", policy);

    for (String name : new String[] {"client0", "client1"}) {
      ClientStats c = result.client(name);
      assertThat(c.done()).isTrue();
      assertThat(c.cyclesCompleted()).isEqualTo(125);
      assertThat(c.jobsFinished()).isEqualTo(125);
      // upstream takes an async cycle's time after its submissions, which cost nothing here
      assertThat(c.cycleMaxUs()).isZero();
      assertThat(c.latencyMaxUs()).isZero();
      assertThat(c.idealUs()).isEqualTo(1_000_000);
      // 250 jobs of 8 ms on one serial ring: the last one is done at 2000 ms
      assertThat(c.elapsedUs()).isBetween(1_000_000.0, 2_000_000.0);
      assertThat(c.cyclesPerSecond()).isCloseTo(125 / (c.elapsedUs() / 1e6), within(1e-9));
    }
    assertThat(Math.max(result.client("client0").elapsedUs(),
        result.client("client1").elapsedUs())).isEqualTo(2_000_000);
  }

  @Test
  void underTheFairPolicyBothClientsShareTheRingToTheEnd() {
    ScenarioResult result = run("clients-two-async", "drm-fair");

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    assertThat(result.client("client0").elapsedUs()).isGreaterThanOrEqualTo(1_990_000);
  }

  @Test
  void aClientGroupOfSevenSynchronousClientsEndsWithinTheSerialRingsWork() {
    ScenarioResult result = run("clients-many", "drm-fair");

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    assertThat(result.clients()).hasSize(7);
    for (ClientStats c : result.clients()) {
      assertThat(c.cyclesCompleted()).isEqualTo(36);
      assertThat(c.idealUs()).isEqualTo(144_000);
      // a sync cycle takes at least its 4 ms of work; latency is the rest
      assertThat(c.cycleMinUs()).isGreaterThanOrEqualTo(4_000);
      assertThat(c.latencyAvgUs()).isCloseTo(c.cycleAvgUs() - 4_000, within(1e-6));
      assertThat(c.elapsedUs()).isLessThanOrEqualTo(1_008_000);
    }
  }

  @Test
  void submitCostMakesAnAsynchronousCycleTakeItsSubmissions() {
    Scenario scenario = Scenarios.fromYaml("""
        schedulers:
          - {name: s, credit-limit: 1}
        entities:
          - {name: e, schedulers: [s]}
        clients:
          - {name: c, entity: e, jobs-per-cycle: 3, duration: 1ms, wait-for-last: false,
             cycles: 2, submit-cost: 10us}
        steps:
          - wait-for-clients: {}
        """, "noise.yaml");
    ScenarioResult result = ScenarioRuns.run(scenario, REGISTRY, "drm-fifo");

    ClientStats c = result.client("c");
    assertThat(c.cycleMinUs()).isEqualTo(30);
    assertThat(c.cycleMaxUs()).isEqualTo(30);
    assertThat(result.job("c.0.0").submitNs()).isEqualTo(10_000);
    assertThat(result.job("c.1.0").submitNs()).isEqualTo(40_000);
  }

  @Test
  void workqueueLatencyDelaysEachDispatchOfTheRunWork() {
    Scenario scenario = Scenarios.fromYaml("""
        schedulers:
          - {name: s, workqueue-latency: 10us}
        entities:
          - {name: e, schedulers: [s]}
        jobs:
          - {name: j, count: 3, entity: e, duration: 1ms}
        """, "wq.yaml");
    ScenarioResult result = ScenarioRuns.run(scenario, REGISTRY, "drm-fifo");

    // drm_sched_run_job_work dispatches one job per run and queues itself again
    assertThat(result.jobs()).extracting(JobOutcome::scheduledNs)
        .containsExactly(10_000L, 20_000L, 30_000L);
    assertThat(result.job("j2").finishedNs()).isEqualTo(3_010_000L);
  }

  @Test
  void aGroupJobCanWaitForTheJobOfTheSameIndexInAnotherGroup() {
    Scenario scenario = Scenarios.fromYaml("""
        schedulers:
          - {name: s0}
          - {name: s1}
        entities:
          - {name: a, schedulers: [s0]}
          - {name: b, schedulers: [s1]}
        jobs:
          - {name: x, count: 3, entity: a, duration: 1ms}
          - {name: y, count: 3, entity: b, duration: 1ms, depends-on: [{job: "x{i}"}]}
        """, "index.yaml");
    ScenarioResult result = ScenarioRuns.run(scenario, REGISTRY, "drm-fifo");

    // x0..x2 run back to back on s0's ring; y_i waits for x_i's finished fence (other scheduler)
    for (int i = 0; i < 3; i++) {
      assertThat(result.job("y" + i).scheduledNs()).as("y%d", i)
          .isEqualTo(result.job("x" + i).finishedNs());
    }
  }

  @Test
  void aFailedClientAssertionFailsTheRun() {
    Scenario scenario = Scenarios.fromYaml("""
        schedulers:
          - {name: s, credit-limit: 1}
        entities:
          - {name: e, schedulers: [s]}
        clients:
          - {name: c, entity: e, duration: 1ms, cycles: 5}
        steps:
          - wait-for-clients: {clients: [c]}
          - expect-client: {client: c, metric: cycles, min: 6}
        """, "fail.yaml");
    ScenarioResult result = ScenarioRuns.run(scenario, REGISTRY, "drm-fifo");

    assertThat(result.passed()).isFalse();
    assertThat(result.checks().get(1).what()).contains("cycles").contains("5.0");
  }
}
