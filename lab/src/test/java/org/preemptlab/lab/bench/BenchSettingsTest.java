package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class BenchSettingsTest {

  @Test
  void defaultsAreTenThousandKernelsOneWarmupAndThreeRepetitions() {
    assertThat(BenchSettings.defaults()).isEqualTo(new BenchSettings(10_000, 2, 5));
  }

  @Test
  void withersChangeOneSetting() {
    assertThat(BenchSettings.defaults().withKernels(7).withWarmups(0).withRepetitions(5))
        .isEqualTo(new BenchSettings(7, 0, 5));
  }

  @Test
  void outOfRangeValuesAreRejectedWithTheirName() {
    assertThatIllegalArgumentException().isThrownBy(() -> new BenchSettings(0, 1, 3))
        .withMessageContaining("kernels");
    assertThatIllegalArgumentException().isThrownBy(() -> new BenchSettings(1, -1, 3))
        .withMessageContaining("warm-ups");
    assertThatIllegalArgumentException().isThrownBy(() -> new BenchSettings(1, 1, 0))
        .withMessageContaining("repetitions");
  }

  @Test
  void theExpectedTableHasThePublishedKernelCounts() {
    assertThat(ExpectedResults.all()).extracting(ExpectedResults.Row::kernels)
        .containsExactly(200, 2_000, 10_000, 100_000);
    assertThat(ExpectedResults.forKernels(10_000)).get()
        .extracting(ExpectedResults.Row::makespanNs).isEqualTo(545_795_207L);
    assertThat(ExpectedResults.forKernels(300)).isEmpty();
  }
}
