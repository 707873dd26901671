package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.ConfigurationException;

class ConfigLoaderTest {
  /** The repository root, seen from the runner module's directory where the tests run. */
  static final Path ROOT = Path.of("..");
  static final Path IVT = ROOT.resolve("examples/configs/inference-vs-training.yaml");

  private static RunConfig parse(String yaml) {
    return ConfigLoader.parse(yaml, "f.yaml");
  }

  private static String errorOf(String yaml) {
    try {
      parse(yaml);
    } catch (ConfigurationException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a ConfigurationException for:\n" + yaml);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  \n\n", "# only a comment\n", "# a comment\n\n# and another\n",
      "---\n"})
  void anEmptyDocumentIsTheDefaultConfiguration(String yaml) {
    assertThat(parse(yaml)).isEqualTo(RunConfig.defaults());
  }

  @Test
  void anEmptyFileIsTheDefaultConfiguration(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("empty.yaml"), "");

    assertThat(ConfigLoader.load(file)).isEqualTo(RunConfig.defaults());
  }

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    RunConfig defaults = RunConfig.defaults();

    assertThat(defaults.name()).isEqualTo("run");
    assertThat(defaults.seed()).isEqualTo(1L);
    assertThat(defaults.hardware()).isEqualTo(PluginChoice.of("h200"));
    assertThat(defaults.policy()).isEqualTo(PluginChoice.of("priority"));
    assertThat(defaults.preemption()).isEqualTo(PluginChoice.of("block-boundary"));
    assertThat(defaults.contextSave()).isEqualTo(PluginChoice.of("full"));
    assertThat(defaults.workload()).isEqualTo(new WorkloadConfig("synthetic", Map.of(), null));
    assertThat(defaults.engine()).isEqualTo(new EngineConfig(null, null));
    assertThat(defaults.engine().toOptions().creditLimit()).isEqualTo(Integer.MAX_VALUE);
    assertThat(defaults.engine().toOptions().checkInvariants()).isTrue();
  }

  @Test
  void missingKeysTakeTheirDefaultsNextToTheGivenOnes() {
    RunConfig config = parse("name: mine\nseed: 42\n");

    assertThat(config).isEqualTo(RunConfig.defaults().withName("mine").withSeed(42));
  }

  @Test
  void aBareIdChoosesThePluginWithDefaultParameters() {
    RunConfig config = parse("policy: fifo\ncontext-save: liveness\n");

    assertThat(config.policy()).isEqualTo(new PluginChoice("fifo", Map.of()));
    assertThat(config.contextSave()).isEqualTo(PluginChoice.of("liveness"));
  }

  @Test
  void aMappingChoosesThePluginWithItsParametersAsWritten() {
    RunConfig config = parse("""
        hardware:
          id: h200
          parameters:
            time-slice: 1ms
            preemption-signal: 2us
        policy: {id: priority, parameters: {preempt: false}}
        """);

    assertThat(config.hardware()).isEqualTo(new PluginChoice("h200",
        Map.of("time-slice", "1ms", "preemption-signal", "2us")));
    assertThat(config.hardware().parameters().keySet())
        .containsExactly("preemption-signal", "time-slice");
    assertThat(config.policy()).isEqualTo(new PluginChoice("priority", Map.of("preempt", "false")));
  }

  @Test
  void engineSettingsAreRead() {
    RunConfig config = parse("engine:\n  credit-limit: 8\n  check-invariants: false\n");

    assertThat(config.engine()).isEqualTo(new EngineConfig(8, false));
    assertThat(config.engine().toOptions().creditLimit()).isEqualTo(8);
    assertThat(config.engine().toOptions().checkInvariants()).isFalse();
  }

  @Test
  void anUnknownTopLevelKeyNamesFileLineColumnTheClosestKeyAndTheValidKeys() {
    assertThat(errorOf("name: x\npolcy: fifo\n")).isEqualTo("f.yaml:2:1: unknown key 'polcy'; "
        + "did you mean 'policy'? valid: applications, context-save, engine, hardware, name, "
        + "policy, preemption, seed, sharing, workload");
  }

  @Test
  void anUnknownNestedKeyNamesItsSectionAndTheKeysValidThere() {
    assertThat(errorOf("seed: 3\nengine:\n  credit-limt: 4\n")).isEqualTo("f.yaml:3:3: engine: "
        + "unknown key 'credit-limt'; did you mean 'credit-limit'? valid: aggregate-blocks, "
        + "check-invariants, credit-limit, in-order, launch-batch, launch-window");
  }

  @Test
  void aKeyWrittenTwiceIsAnErrorAtItsSecondOccurrence() {
    String message = errorOf("policy: fifo\nseed: 2\npolicy: priority\n");

    assertThat(message).startsWith("f.yaml:3:").contains("'policy'");
  }

  @Test
  void aSeedThatIsNotAWholeNumberIsRefused() {
    assertThat(errorOf("seed: abc\n")).isEqualTo(
        "f.yaml:1:1: seed: expected a whole number, got 'abc'");
    assertThat(errorOf("seed: 1.5\n")).isEqualTo(
        "f.yaml:1:1: seed: expected a whole number, got '1.5'");
  }

  @Test
  void aNonBooleanCheckInvariantsIsRefusedAtItsLine() {
    assertThat(errorOf("engine:\n  check-invariants: maybe\n")).isEqualTo(
        "f.yaml:2:3: engine.check-invariants: expected true or false, got 'maybe'");
  }

  @Test
  void aListWhereOneValueBelongsIsRefused() {
    assertThat(errorOf("name: [a, b]\n")).isEqualTo("f.yaml:1:1: name: expected a single value");
  }

  @Test
  void aCreditLimitBelowOneIsRefused() {
    assertThat(errorOf("engine: {credit-limit: 0}\n"))
        .isEqualTo("f.yaml:1:1: engine: credit-limit must be >= 1, got 0");
  }

  @Test
  void aPluginMappingWithoutAnIdSaysTheIdIsMissing() {
    String message = errorOf("seed: 1\npolicy:\n  parameters: {preempt: false}\n");

    assertThat(message).startsWith("f.yaml:").contains("policy: missing 'id'")
        .doesNotContain("org.preemptlab").doesNotContain("Cannot construct");
  }

  @Test
  void anErrorInsideAnInlineSpecCarriesItsLineAndKeyPath() {
    String message = errorOf("""
        name: x
        workload:
          spec:
            duration: 1ms
            contexts: [{id: app}]
            queues:
              - id: q
                context: app
                priority: HGIH
        """);

    assertThat(message).startsWith("f.yaml:9:")
        .contains("workload.spec.queues[0].priority: unknown value 'HGIH'; did you mean 'HIGH'?");
  }

  @Test
  void aMissingKeyInsideAnInlineSpecCarriesTheLineOfItsMapping() {
    String message = errorOf("""
        workload:
          spec:
            duration: 1ms
            contexts: [{id: app}]
            queues:
              - id: q
                context: app
        """);

    assertThat(message).isEqualTo("f.yaml:6:9: workload.spec.queues[0].arrival: is required");
  }

  @Test
  void anInlineSpecWithAnotherGeneratorIsRefused() {
    String message = errorOf("""
        workload:
          generator: csv-trace
          spec:
            duration: 1ms
            contexts: [{id: app}]
            queues: [{id: q, context: app, arrival: {process: poisson, mean-interval: 1ms},
                      kernels: [{grid-blocks: 1, threads-per-block: 32, block-time: 1us}]}]
        """);

    assertThat(message).startsWith("f.yaml:").endsWith("workload: an inline 'spec' is a "
        + "synthetic workload; remove 'generator: csv-trace' or the 'spec'");
  }

  @Test
  void anInlineSpecMayNameTheSyntheticGenerator() {
    RunConfig config = parse("""
        workload:
          generator: synthetic
          spec:
            duration: 1ms
            contexts: [{id: app}]
            queues: [{id: q, context: app, arrival: {process: poisson, mean-interval: 1ms},
                      kernels: [{grid-blocks: 1, threads-per-block: 32, block-time: 1us}]}]
        """);

    assertThat(config.workload().generator()).isEqualTo("synthetic");
    assertThat(config.workload().spec().duration()).isEqualTo(1_000_000L);
  }

  @Test
  void anInlineSpecWithGeneratorParametersIsRefused() {
    String message = errorOf("""
        workload:
          parameters: {duration: 5ms}
          spec:
            duration: 1ms
            contexts: [{id: app}]
            queues: [{id: q, context: app, arrival: {process: poisson, mean-interval: 1ms},
                      kernels: [{grid-blocks: 1, threads-per-block: 32, block-time: 1us}]}]
        """);

    assertThat(message).startsWith("f.yaml:").endsWith("workload: 'parameters' apply to a "
        + "workload generator; with an inline 'spec' write the values into the spec");
  }

  @Test
  void aMissingFileIsReportedByName(@TempDir Path dir) {
    Path missing = dir.resolve("nope.yaml");

    assertThatThrownBy(() -> ConfigLoader.load(missing)).isInstanceOf(ConfigurationException.class)
        .hasMessage("configuration file " + missing + " does not exist");
  }

  @Test
  void errorsOfALoadedFileNameThatFile(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("my.yaml"), "polcy: fifo\n");

    assertThatThrownBy(() -> ConfigLoader.load(file)).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(file + ":1:1: unknown key 'polcy'");
  }

  @Test
  void theExampleConfigurationIsReadAsWritten() {
    RunConfig config = ConfigLoader.load(IVT);

    assertThat(config.name()).isEqualTo("inference-vs-training");
    assertThat(config.seed()).isEqualTo(7L);
    assertThat(config.policy()).isEqualTo(new PluginChoice("priority", Map.of("preempt", "true")));
    assertThat(config.preemption()).isEqualTo(PluginChoice.of("instruction-level"));
    assertThat(config.contextSave()).isEqualTo(PluginChoice.of("liveness"));
    assertThat(config.engine()).isEqualTo(new EngineConfig(2, true, 16));
    assertThat(config.workload().spec().duration()).isEqualTo(40_000_000L);
    assertThat(config.workload().spec().queues()).extracting(q -> q.id())
        .containsExactly("inference", "vision", "training");
  }

  @Test
  void theResolvedExampleConfigurationReadsBackEqual() {
    RunConfig config = ConfigLoader.load(IVT);

    String yaml = ConfigLoader.toYaml(config);

    assertThat(ConfigLoader.parse(yaml, "config.yaml")).isEqualTo(config);
  }

  @Test
  void theResolvedDemoConfigurationReadsBackEqual() {
    RunConfig demo = ConfigLoader.demo();

    assertThat(ConfigLoader.parse(ConfigLoader.toYaml(demo), "config.yaml")).isEqualTo(demo);
    assertThat(demo.name()).isEqualTo("demo");
    assertThat(demo.workload()).isEqualTo(WorkloadConfig.demo());
  }

  @Test
  void theResolvedDefaultsAndOverriddenValuesReadBackEqual() {
    RunConfig config = Overrides.set(Overrides.set(RunConfig.defaults()
        .withWorkload(new WorkloadConfig("csv-trace", Map.of("path", "a, b: \"c\".csv"), null)),
        "hardware.time-slice=1ms"), "engine.credit-limit=3");

    assertThat(ConfigLoader.parse(ConfigLoader.toYaml(config), "config.yaml")).isEqualTo(config);
  }

  @Test
  void theResolvedConfigurationUsesTheDocumentedArrivalFormNotYamlTags() {
    String yaml = ConfigLoader.toYaml(ConfigLoader.load(IVT));

    assertThat(yaml).doesNotContain("!<").contains("process: \"poisson\"")
        .contains("process: \"closed-loop\"");
  }

  /**
   * What a run folder's config.yaml holds of the applications and the sharing section reads back
   * as the same configuration, in every sharing mode (whatever types the section is bound to).
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "{mode: time-slice}",
      "{mode: mps, name: cap, contexts: {train: {active-thread-percentage: 75, "
          + "client-priority: below-normal}}, slowdown-baseline: device}",
      "{mode: mig, instances: [{name: a, profile: 3g, mps: true}, {name: b, profile: 4g.71gb}], "
          + "contexts: {lc: {instance: a}, train: {instance: b}}}",
      "{mode: green-contexts, contexts: {app: {partitions: [{name: d, sms: 32, queues: [decode]},"
          + " {name: p, sms: 96, queues: [prefill]}]}}}"})
  void applicationsAndEverySharingModeWrittenAsYamlReadBackAsTheSameConfiguration(
      String sharing) {
    RunConfig config = parse("applications:\n"
        + "  - {id: llm-serving, parameters: {trace: reqs.csv, duration: 20ms}}\n"
        + "  - training-loop\n"
        + "sharing: " + sharing + "\n");

    String yaml = ConfigLoader.toYaml(config);

    assertThat(yaml).contains("applications:", "sharing:");
    assertThat(parse(yaml)).isEqualTo(config);
  }
}
