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
  @ValueSource(strings = {"h200.properties", "gtx480.properties"})
  void everyValueLineCitesItsSourceInAComment(String resource) throws IOException {
    List<String> values = lines(resource).stream()
        .filter(line -> !line.isBlank() && !line.stripLeading().startsWith("#"))
        .toList();
    assertThat(values).hasSizeGreaterThanOrEqualTo(20);
    assertThat(values).allSatisfy(line -> assertThat(line).matches(".*=.*\\s#\\s*\\S.{10,}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"h200.properties", "gtx480.properties"})
  void everyRequiredKeyIsInEveryBundledFile(String resource) {
    ModelFile file = ModelFile.resource(resource);
    assertThat(file.settings().keySet()).containsAll(
        java.util.Arrays.stream(ModelKey.values()).filter(ModelKey::required).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"h200.properties", "gtx480.properties"})
  void unsourcedValuesAreMarkedAsAssumptions(String resource) throws IOException {
    // block dispatch, preemption signal and check cost have no source in the reference files.
    for (String key : List.of("block-dispatch", "preemption-signal", "preemption-check-cycles")) {
      assertThat(lines(resource)).filteredOn(line -> line.startsWith(key + " "))
          .singleElement().asString().contains("# assumption:");
    }
  }

  @Test
  void serviceLoaderFindsTheFourModels() {
    List<String> ids = ServiceLoader.load(HardwareModelProvider.class).stream()
        .map(provider -> provider.get().id())
        .toList();
    assertThat(ids).containsExactly("h200", "gtx480", "file", "drm-mock");
  }
}
