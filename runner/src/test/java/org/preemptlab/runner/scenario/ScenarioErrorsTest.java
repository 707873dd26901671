package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ScenarioRuns;

/** Malformed files and impossible actions fail before anything runs, in one clear line. */
class ScenarioErrorsTest {
  private static final String BASE = """
      schedulers:
        - {name: sched}
      entities:
        - {name: e, schedulers: [sched]}
      jobs:
        - {name: a, entity: e}
        - {name: b, entity: e, depends-on: [{job: a}]}
      """;

  private static void fails(String yaml, String... parts) {
    assertThatThrownBy(() -> Scenarios.fromYaml(yaml, "s.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll(parts)
        .hasMessageNotContaining("\n");
  }

  @Test
  void advancingASchedulerThatDoesNotExistFailsWithTheClosestMatch() {
    fails(BASE + "steps:\n  - advance: {scheduler: shed}\n", "s.yaml:9:",
        "steps[0].advance.scheduler", "unknown scheduler 'shed'", "did you mean 'sched'");
  }

  @Test
  void aDependencyOnAnUnknownJobFails() {
    fails(BASE.replace("{job: a}", "{job: x}"), "s.yaml:7:", "jobs[1].depends-on",
        "unknown job 'x'");
  }

  @Test
  void aCycleOfDependenciesFailsNamingTheCycle() {
    fails(BASE.replace("{name: a, entity: e}", "{name: a, entity: e, depends-on: [{job: b}]}"),
        "dependency cycle: a -> b -> a");
  }

  @Test
  void aClientGivenBothRunForAndCyclesFails() {
    fails(BASE + "clients:\n  - {name: c, entity: e, duration: 1ms, run-for: 1s, cycles: 3}\n",
        "clients[0].cycles", "give 'run-for' or 'cycles', not both");
  }

  @Test
  void anAsynchronousClientWithZeroWaitThatRunsForATimeFails() {
    fails(BASE + "clients:\n  - {name: c, entity: e, duration: 1ms, wait-for-last: false,"
        + " run-for: 1s}\n", "clients[0].sleep", "or give cycles");
  }

  @Test
  void waitingForAnUnknownClientFailsWithTheClosestMatch() {
    fails(BASE + "clients:\n  - {name: cl, count: 2, entity: e, duration: 1ms, cycles: 1}\n"
        + "steps:\n  - wait-for-clients: {clients: [cl2]}\n",
        "steps[0].wait-for-clients.clients", "unknown client 'cl2'");
  }

  @Test
  void anIndexedDependencyOutsideAGroupFails() {
    fails(BASE.replace("{job: a}", "{job: \"a{i}\"}"), "jobs[1].depends-on",
        "'{i}' needs 'count'");
  }

  @Test
  void anUnknownKeyFailsWithTheValidKeys() {
    fails(BASE + "steps:\n  - sleeep: 1ms\n", "s.yaml:9:", "unknown key 'sleeep'",
        "did you mean 'sleep'");
  }

  @Test
  void anUnknownPriorityFailsWithTheValidValues() {
    fails(BASE.replace("{name: e,", "{name: e, priority: hgih,"), "s.yaml:4:",
        "entities[0].priority", "did you mean 'HIGH'");
  }

  @Test
  void aStepWithTwoActionsFails() {
    fails(BASE + "steps:\n  - {sleep: 1ms, fini: sched}\n", "steps[0].fini",
        "exactly one action");
  }

  @Test
  void unknownHardwareIsRefusedWithTheClosestMatchAndTheValidChoices() {
    // any hardware model runs a scenario (SM hardware runs each job's kernel); the id must exist
    Scenario scenario = Scenarios.fromYaml("hardware: h2000\n" + BASE, "s.yaml");

    assertThatThrownBy(() -> ScenarioRuns.run(scenario,
        PluginRegistry.discover(ScenarioErrorsTest.class.getClassLoader())))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContainingAll("unknown hardware model 'h2000'", "did you mean 'h200'",
            "valid:", "drm-mock")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aBadDurationFails() {
    fails(BASE.replace("{name: a, entity: e}", "{name: a, entity: e, duration: 5 parsecs}"),
        "jobs[0].duration", "expected a duration");
  }
}
