package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.HardwareModelProvider;

class BundledFilesTest {

  private static List<String> lines(String resource) throws IOException {
    try (InputStream in = ModelFile.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"h200.yaml", "gtx480.yaml", "v100.yaml", "a100.yaml", "gtx1080.yaml",
      "mi50.yaml", "mi100.yaml"})
  void everyValueLineCitesItsSourceInAComment(String resource) throws IOException {
    List<String> values = lines(resource).stream()
        .filter(line -> !line.isBlank() && !line.stripLeading().startsWith("#"))
        .toList();
    assertThat(values).hasSizeGreaterThanOrEqualTo(20);
    assertThat(values).allSatisfy(line -> assertThat(line).matches("[a-z-]+: .*\\s#\\s*\\S.{10,}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"h200.yaml", "gtx480.yaml", "v100.yaml", "a100.yaml", "gtx1080.yaml",
      "mi50.yaml", "mi100.yaml"})
  void everyRequiredKeyIsInEveryBundledFile(String resource) {
    ModelFile file = ModelFile.resource(resource);
    assertThat(file.settings().keySet()).containsAll(
        java.util.Arrays.stream(ModelKey.values()).filter(ModelKey::required).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"h200.yaml", "gtx480.yaml", "v100.yaml", "a100.yaml", "gtx1080.yaml",
      "mi50.yaml", "mi100.yaml"})
  void unsourcedValuesAreMarkedAsAssumptions(String resource) throws IOException {
    // Preemption signal and check cost are measured for no bundled device.
    for (String key : List.of("preemption-signal", "preemption-check-cycles")) {
      assertThat(lines(resource)).filteredOn(line -> line.startsWith(key + ":"))
          .singleElement().asString().contains("# assumption:");
    }
  }

  @Test
  void serviceLoaderFindsEveryBundledModel() {
    List<String> ids = ServiceLoader.load(HardwareModelProvider.class).stream()
        .map(provider -> provider.get().id())
        .toList();
    assertThat(ids).containsExactly("h200", "gtx480", "file", "drm-mock", "v100", "a100",
        "gtx1080", "mi50", "mi100");
  }
}
