package org.preemptlab.runner.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

class PluginListingTest {
  private static final PluginDescriptor ROUND_ROBIN = new PluginDescriptor(
      PluginKind.SCHEDULING_POLICY, "round-robin", "Serves the ready queues in turn.", "0.1.0",
      "policies-0.1.0.jar", "org.p.RoundRobin",
      List.of(ParameterSpec.duration("time-slice", 2_000_000, 1_000, 1_000_000_000,
          "Length of one slice.")));
  private static final PluginDescriptor FIFO = new PluginDescriptor(
      PluginKind.SCHEDULING_POLICY, "fifo", "Dispatches jobs in submission order.", "dev",
      "classes", "org.p.Fifo", List.of());
  private static final PluginDescriptor FULL_SAVE = new PluginDescriptor(
      PluginKind.CONTEXT_SAVE, "full", "Saves the whole allocation.", "dev", "classes",
      "org.p.Full", List.of(ParameterSpec.real("compression", 1.0, 1.0, 8.0, "x",
          "Compression ratio."), ParameterSpec.bool("verbose", false, "")));
  private static final LoadProblem PROBLEM = new LoadProblem(PluginKind.SCHEDULING_POLICY,
      "org.m.Broken", "broken.jar", "could not be instantiated");

  @TempDir Path temp;

  private static String render(List<PluginDescriptor> plugins, List<LoadProblem> problems,
      Optional<PluginKind> kind) {
    return PluginListing.render(plugins, problems, kind);
  }

  @Test
  void listingShowsEveryKindThenPluginsSortedByIdWithTheirParameters() {
    String text = render(List.of(ROUND_ROBIN, FULL_SAVE, FIFO), List.of(), Optional.empty());

    assertThat(text).containsSubsequence(
        "scheduling policy (key: policy, 2 plugins)",
        "  fifo         dev    classes             Dispatches jobs in submission order.",
        "  round-robin  0.1.0  policies-0.1.0.jar  Serves the ready queues in turn.",
        "      time-slice  duration  default 2ms  in [1us, 1s]",
        "                  Length of one slice.",
        "preemption strategy (key: preemption, 0 plugins)",
        "  (none)",
        "context save (key: context-save, 1 plugin)",
        "  full  dev  classes  Saves the whole allocation.",
        "      compression  real     default 1.0 x  in [1, 8]",
        "      verbose      boolean  default false",
        "hardware model (key: hardware, 0 plugins)",
        "workload (key: workload, 0 plugins)");
    assertThat(text).doesNotContain("load problems");
  }

  @Test
  void listingShowsTheChoicesOfAChoiceParameter() {
    PluginDescriptor modes = new PluginDescriptor(PluginKind.PREEMPTION_STRATEGY, "modes",
        "Has modes.", "dev", "classes", "org.p.Modes",
        List.of(ParameterSpec.choice("mode", "drain", List.of("drain", "flush", "save"),
            "What a block does.")));

    assertThat(render(List.of(modes), List.of(), Optional.empty()))
        .contains("      mode  choice  default drain  one of: drain, flush, save");
  }

  @Test
  void listingFilteredByKindShowsOnlyThatKindAndItsProblems() {
    LoadProblem workloadProblem =
        new LoadProblem(PluginKind.WORKLOAD, "org.w.Bad", "w.jar", "boom");

    String text = render(List.of(ROUND_ROBIN, FULL_SAVE, FIFO), List.of(PROBLEM, workloadProblem),
        Optional.of(PluginKind.CONTEXT_SAVE));

    assertThat(text).startsWith("context save (key: context-save, 1 plugin)\n")
        .contains("full")
        .doesNotContain("round-robin", "scheduling policy", "workload", "load problems");
  }

  @Test
  void listingEndsWithTheLoadProblems() {
    String text = render(List.of(FIFO), List.of(PROBLEM), Optional.empty());

    assertThat(text).endsWith("\nload problems (1)\n  scheduling policy provider org.m.Broken "
        + "(broken.jar): could not be instantiated\n");
  }

  @Test
  void everyLineFitsOneHundredColumns() {
    String words = "Serves the ready queues in turn, with a time slice that grows with the queue's "
        + "weight and shrinks when the device is busy, so that short jobs finish early.";
    PluginDescriptor wordy = new PluginDescriptor(PluginKind.SCHEDULING_POLICY,
        "weighted-round-robin-with-a-long-name", words, "1.0.0-SNAPSHOT",
        "weighted-round-robin-policies-1.0.0-SNAPSHOT.jar", "org.p.Wordy",
        List.of(ParameterSpec.integer("a-rather-long-parameter-name", 1, 1, 1_000_000,
            "blocks", words + " " + words)));

    String text = render(List.of(wordy, ROUND_ROBIN), List.of(new LoadProblem(
        PluginKind.WORKLOAD, "org.w.Bad", "w.jar", words)), Optional.empty());

    assertThat(text.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(
        PluginListing.WIDTH));
    assertThat(text.replaceAll("\\s+", " ")).contains(words);
  }

  @Tag("slow")
  @Test
  void listingOfARegistryShowsDiscoveredPluginsWithVersionJarAndDefaults() throws IOException {
    TestJar.named("listed.jar").version("3.1.4")
        .service(SchedulingPolicyProvider.class, TestProviders.Echo.class.getName())
        .writeTo(temp.resolve("plugins"), temp);
    TestJar.named("own.jar").version("3.1.4")
        .source("org.l.Own", ProviderSources.policy("org.l.Own", "own"))
        .service(SchedulingPolicyProvider.class, "org.l.Own")
        .writeTo(temp.resolve("plugins"), temp);
    PluginRegistry registry =
        PluginRegistry.discover(temp.resolve("plugins"), new ServicesHidingClassLoader());

    String text = PluginListing.render(registry, Optional.of(PluginKind.SCHEDULING_POLICY));

    assertThat(text).containsSubsequence(
        "scheduling policy (key: policy, 2 plugins)",
        "  own        3.1.4  own.jar  Test plugin own.",
        "  test-echo  dev    classes  Records the context it was created with.",
        "      quantum  duration  default 2ms     in [1us, 1s]",
        "      weight   integer   default 1 jobs  in [1, 100]",
        "      mode     choice    default fast    one of: fast, fair");
  }
}
