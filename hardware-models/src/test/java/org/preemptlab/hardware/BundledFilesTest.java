package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginCatalog;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.HardwareModelProvider;

class BundledFilesTest {

  /** Every file of the index: a new bundled model is checked without a line here. */
  static List<String> indexed() {
    return BundledModels.files();
  }

  private static List<String> lines(String resource) throws IOException {
    try (InputStream in = ModelFile.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  @ParameterizedTest
  @MethodSource("indexed")
  void everyValueLineCitesItsSourceInAComment(String resource) throws IOException {
    List<String> values = lines(resource).stream()
        .filter(line -> !line.isBlank() && !line.stripLeading().startsWith("#"))
        .filter(line -> !line.startsWith(ModelFile.DESCRIPTION + ":"))
        .toList();
    assertThat(values).hasSizeGreaterThanOrEqualTo(20);
    assertThat(values).allSatisfy(line -> assertThat(line).matches("[a-z-]+: .*\\s#\\s*\\S.{10,}"));
  }

  @ParameterizedTest
  @MethodSource("indexed")
  void everyRequiredKeyIsInEveryBundledFile(String resource) {
    ModelFile file = ModelFile.resource(resource);
    assertThat(file.settings().keySet()).containsAll(
        java.util.Arrays.stream(ModelKey.values()).filter(ModelKey::required).toList());
  }

  @ParameterizedTest
  @MethodSource("indexed")
  void unsourcedValuesAreMarkedAsAssumptions(String resource) throws IOException {
    // Preemption signal and check cost are measured for no bundled device.
    for (String key : List.of("preemption-signal", "preemption-check-cycles")) {
      assertThat(lines(resource)).filteredOn(line -> line.startsWith(key + ":"))
          .singleElement().asString().contains("# assumption:");
    }
  }

  @Test
  void serviceLoaderFindsTheCodedModelsAndTheCatalogEveryIndexedFile() {
    List<String> coded = ServiceLoader.load(HardwareModelProvider.class).stream()
        .map(provider -> provider.get().id())
        .toList();
    List<String> catalogued = ServiceLoader.load(PluginCatalog.class).stream()
        .map(ServiceLoader.Provider::get)
        .filter(catalog -> catalog.providerType() == HardwareModelProvider.class)
        .flatMap(catalog -> catalog.providers().stream()).map(PluginProvider::id).toList();

    assertThat(coded).containsExactly("file", "drm-mock");
    assertThat(catalogued).containsExactly("a100", "gtx1080", "gtx480", "h200", "mi100", "mi50",
        "v100");
    assertThat(BundledModels.provider("h200").description()).startsWith("NVIDIA H200 SXM: ");
    assertThat(PluginCatalog.providersOf(HardwareModelProvider.class,
        BundledFilesTest.class.getClassLoader())).extracting(PluginProvider::id)
        .containsExactly("file", "drm-mock", "a100", "gtx1080", "gtx480", "h200", "mi100", "mi50",
            "v100");
  }

  @Test
  void anUnknownBundledIdNamesTheBundledOnes() {
    assertThatThrownBy(() -> BundledModels.provider("h100"))
        .hasMessage("no bundled hardware model 'h100'; bundled: a100, gtx1080, gtx480, h200, "
            + "mi100, mi50, v100");
  }

  @Test
  void theDatasheetMemoryCapacityIsDeclaredInBytesAndLeftOutWhereUnknown() {
    assertThat(Runs.create(BundledModels.provider("h200")).device().memory().capacityBytes())
        .isEqualTo(141_000_000_000L);
    assertThat(Runs.create(BundledModels.provider("a100")).device().memory().capacityBytes())
        .isEqualTo(40_000_000_000L);
    assertThat(Runs.create(BundledModels.provider("mi50")).device().memory()
        .capacityDeclared()).isFalse();
  }
}
