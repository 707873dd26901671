package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.preemptlab.testkit.conformance.HardwareModelConformance;

/** Every shipped hardware model passes the test kit's hardware-model conformance suite. */
class ShippedModelsConformanceTest {

  @Test
  void everyIndexedModelHasItsSuiteHere() {
    List<String> suites = Arrays.stream(ShippedModelsConformanceTest.class.getDeclaredClasses())
        .map(c -> c.getSimpleName().toLowerCase(Locale.ROOT) + ".yaml").toList();

    assertThat(BundledModels.files()).isNotEmpty().allSatisfy(f -> assertThat(suites).contains(f));
  }

  @Nested
  class H200 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("h200");
    }
  }

  @Nested
  class A100 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("a100");
    }
  }

  @Nested
  class V100 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("v100");
    }
  }

  @Nested
  class Gtx1080 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("gtx1080");
    }
  }

  @Nested
  class Gtx480 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("gtx480");
    }
  }

  @Nested
  class Mi100 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("mi100");
    }
  }

  @Nested
  class Mi50 extends HardwareModelConformance<BundledModelProvider> {
    @Override
    protected BundledModelProvider provider() {
      return BundledModels.provider("mi50");
    }
  }

  @Nested
  class DrmMock extends HardwareModelConformance<DrmMockProvider> {}

  @Nested
  class FromFile extends HardwareModelConformance<FileModelProvider> {
    /** A model file with every key, written once per test. */
    @Override
    protected List<Map<String, String>> parameterSets() {
      try {
        Path file = Files.createTempFile("conformance", ".hw");
        file.toFile().deleteOnExit();
        Files.writeString(file, """
            name = Test GPU
            sm-count = 4
            max-threads-per-sm = 1024
            max-blocks-per-sm = 16
            registers-per-sm = 65536
            shared-memory-per-sm = 65536
            shared-memory-reserved-per-block = 0
            clock-mhz = 1000
            kernel-launch = 5us
            block-dispatch = 100ns
            preemption-signal = 1us
            save-bandwidth-gbps = 400
            save-fixed = 2us
            restore-bandwidth-gbps = 200
            restore-fixed = 3us
            context-switch = 50us
            time-slice = 1.5ms
            preemption-check-cycles = 2.5
            instruction-level-preemption = true
            concurrent-contexts = false
            """, StandardCharsets.UTF_8);
        return List.of(Map.of("path", file.toString()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
