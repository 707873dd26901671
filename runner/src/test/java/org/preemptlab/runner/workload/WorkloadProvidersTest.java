package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.workload.WorkloadProvider;

class WorkloadProvidersTest {

  private static Map<String, WorkloadProvider> providers() {
    return ServiceLoader.load(WorkloadProvider.class).stream().map(ServiceLoader.Provider::get)
        .collect(Collectors.toMap(WorkloadProvider::id, p -> p));
  }

  private static Workload create(String id, Map<String, String> parameters, long seed) {
    WorkloadProvider provider = providers().get(id);
    Parameters values = Parameters.of("workload '" + id + "'", provider.parameters(), parameters);
    return provider.create(new PluginContext(values, null, new SplittableRandom(seed)))
        .generate();
  }

  @Test
  void bothProvidersAreRegisteredForServiceLoader() {
    assertThat(providers()).containsKeys("synthetic", "csv-trace");
    assertThat(providers().get("synthetic").parameters()).extracting(p -> p.name())
        .containsExactly("spec", "duration");
  }

  @Test
  void syntheticWithoutASpecGeneratesTheDemo() {
    Workload workload = create("synthetic", Map.of(), 1);

    assertThat(workload).isEqualTo(SyntheticWorkload.generate(SyntheticSpecs.demo(),
        new SplittableRandom(1)));
  }

  @Test
  void syntheticDurationOverridesTheSpecHorizon() {
    Workload workload = create("synthetic", Map.of("duration", "10ms"), 1);

    assertThat(workload.jobs()).filteredOn(j -> j.queueId().equals("inference"))
        .isNotEmpty().allMatch(j -> j.submitTimeNs() < 10_000_000L);
    assertThat(workload.jobs().size()).isLessThan(create("synthetic", Map.of(), 1).jobs().size());
  }

  @Test
  void syntheticReadsASpecFileAndGeneratesTheSameWorkloadEveryTime(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("two.yaml");
    Files.writeString(file, Specs.TWO_QUEUES);
    WorkloadProvider provider = providers().get("synthetic");
    Parameters values = Parameters.of(provider.parameters(), Map.of("spec", file.toString()));
    var generator = provider.create(new PluginContext(values, null, new SplittableRandom(5)));

    Workload first = generator.generate();
    assertThat(generator.generate()).isEqualTo(first);
    assertThat(first.queues()).extracting(q -> q.id()).containsExactly("infer", "train");
  }

  @Test
  void syntheticWithABadSpecFailsWhenCreated(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, Specs.twoQueuesWith("credits: 1", "credits: 0"));

    assertThatThrownBy(() -> create("synthetic", Map.of("spec", file.toString()), 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("bad.yaml:9:5: queues[0].credits: must be >= 1, got 0");
  }

  @Test
  void csvTraceReplaysTheExampleTrace() {
    Workload workload = create("csv-trace",
        Map.of("path", CsvTraceReaderTest.EXAMPLE.toString()), 1);

    assertThat(workload.jobs()).extracting(Job::id).hasSize(9);
    assertThat(workload).isEqualTo(CsvTraceReader.read(CsvTraceReaderTest.EXAMPLE));
  }

  @Test
  void csvTraceWithoutAPathSaysTheParameterIsRequired() {
    assertThatThrownBy(() -> create("csv-trace", Map.of(), 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("needs parameter 'path'");
  }
}
