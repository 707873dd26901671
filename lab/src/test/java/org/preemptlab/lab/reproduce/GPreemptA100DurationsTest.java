package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;

class GPreemptA100DurationsTest {
  private static final GPreemptA100Durations BUNDLED = GPreemptA100Durations.bundled();
  private static final GPreemptFigures FIGURES = GPreemptFigures.bundled();
  private static final Map<String, List<ReefDisb.Kernel>> MI50 = ReefDisb.models();

  @Test
  void theBundledFactorsAreTheCopyInDocsData() throws Exception {
    String bundled;
    try (InputStream in = GPreemptA100Durations.class.getResourceAsStream(
        GPreemptA100Durations.RESOURCE)) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).as("lab's gpreempt-a100-durations.csv must be a copy of"
        + " docs/data/gpreempt-a100-durations.csv").isEqualTo(Files.readString(Path.of("..",
            "docs", "data", "gpreempt-a100-durations.csv")));
    assertThat(BUNDLED.csv()).isEqualTo(bundled);
  }

  @Test
  void theCommittedFactorsPutVggOnItsBarsAndTheFiveModelsMeanOnDsBar() {
    double vggBar = GPreemptFigures.mean(List.of("A", "B", "C", "Y", "Z"), FIGURES::lcAloneUs);
    assertThat(BUNDLED.factor("vgg").a100AloneUs()).isCloseTo(vggBar, within(0.5 + 0.05));
    double mean = GPreemptA100Durations.MODELS.stream()
        .mapToDouble(m -> BUNDLED.factor(m).a100AloneUs()).average().orElseThrow();
    assertThat(mean).isCloseTo(FIGURES.lcAloneUs("D"), within(0.5 + 0.05));
    // one factor for the four models Fig. 4a gives only as a mean, and it is not vgg's
    assertThat(List.of("resnet152", "densenet", "inception", "bert").stream()
        .map(m -> BUNDLED.factor(m).factor()).distinct()).hasSize(1);
    assertThat(BUNDLED.factor("vgg").factor()).isNotEqualTo(BUNDLED.factor("bert").factor());
    // the A100 is faster than the MI50 for every model: a sanity bound, not a fit
    assertThat(BUNDLED.factors()).allMatch(f -> f.factor() > 0.2 && f.factor() < 1);
  }

  @Test
  void scalingKeepsEveryKernelsGridAndShareOfTheModel() {
    Map<String, List<ReefDisb.Kernel>> a100 = BUNDLED.scale(MI50);
    assertThat(a100.keySet()).containsExactlyElementsOf(GPreemptA100Durations.MODELS);
    for (String model : GPreemptA100Durations.MODELS) {
      double factor = BUNDLED.factor(model).factor();
      List<ReefDisb.Kernel> before = MI50.get(model);
      List<ReefDisb.Kernel> after = a100.get(model);
      assertThat(after).hasSameSizeAs(before);
      for (int i = 0; i < before.size(); i++) {
        assertThat(after.get(i).blocks()).isEqualTo(before.get(i).blocks());
        assertThat(after.get(i).threads()).isEqualTo(before.get(i).threads());
        assertThat(after.get(i).sharedBytes()).isEqualTo(before.get(i).sharedBytes());
        assertThat(after.get(i).latencyUs()).isCloseTo(before.get(i).latencyUs() * factor,
            within(1e-9));
      }
      // aloneNs rounds each kernel to whole ns: at most half a ns per kernel
      assertThat(ReefDisb.aloneNs(after) / 1e3).isCloseTo(
          BUNDLED.factor(model).mi50ProfileUs() * factor, within(before.size() * 0.5e-3));
    }
  }

  @Test
  void theFitLandsEachBarWhateverTheDevicesFixedCostPerRequest() throws Exception {
    // a stand-in for the simulation: preparation, a fixed 37 us and 0.9 of the kernels' sum
    GPreemptA100Durations.Alone linear = (model, kernels) -> 200 + 37
        + 0.9 * ReefDisb.aloneNs(kernels) / 1e3;
    GPreemptA100Durations fit = GPreemptA100Durations.fit(MI50, FIGURES, linear);
    double vggBar = GPreemptFigures.mean(List.of("A", "B", "C", "Y", "Z"), FIGURES::lcAloneUs);
    assertThat(fit.factor("vgg").a100AloneUs()).isCloseTo(vggBar, within(0.5));
    assertThat(fit.factor("vgg").factor()).isCloseTo((vggBar - 237) / (0.9 * 5294),
        within(1e-3));
    assertThat(fit.factors().stream().mapToDouble(GPreemptA100Durations.Factor::a100AloneUs)
        .average().orElseThrow()).isCloseTo(FIGURES.lcAloneUs("D"), within(0.5));
  }

  @Test
  void aModelWithoutAFactorIsNamedWithTheModelsThatHaveOne() {
    assertThatThrownBy(() -> BUNDLED.factor("resnet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("gpreempt-a100-durations.csv has no factor for model resnet; it has"
            + " [resnet152, densenet, vgg, inception, bert]");
  }

  /** The committed file is what the command prints: the fit run again on the simulation. */
  @Tag("slow")
  @Test
  void theCommittedFactorsAreTheFitsOutput() throws Exception {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    GPreemptA100Durations fit = GPreemptA100Durations.fit(MI50, FIGURES,
        (model, kernels) -> GPreempt.aloneUs(executor, model, kernels));
    assertThat(fit.csv()).as("regenerate docs/data/gpreempt-a100-durations.csv with the"
        + " command in docs/data/README.md").isEqualTo(Files.readString(Path.of("..", "docs",
            "data", "gpreempt-a100-durations.csv")));
  }
}
