package org.preemptlab.hardware;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.preemptlab.testkit.conformance.HardwareModelConformance;

/** Every shipped hardware model passes the test kit's hardware-model conformance suite. */
class ShippedModelsConformanceTest {

  @Nested
  class H200 extends HardwareModelConformance<H200Provider> {}

  @Nested
  class A100 extends HardwareModelConformance<A100Provider> {}

  @Nested
  class V100 extends HardwareModelConformance<V100Provider> {}

  @Nested
  class Gtx1080 extends HardwareModelConformance<Gtx1080Provider> {}

  @Nested
  class Gtx480 extends HardwareModelConformance<Gtx480Provider> {}

  @Nested
  class Mi100 extends HardwareModelConformance<Mi100Provider> {}

  @Nested
  class Mi50 extends HardwareModelConformance<Mi50Provider> {}

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
