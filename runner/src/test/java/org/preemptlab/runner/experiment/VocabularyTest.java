package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link Vocabulary#keyTitle} words a varied key as the Python figures' {@code key_title} does
 * (the expected strings are what {@code python/preemptlab_results/figures.py} prints for them):
 * an application's parameter with its index counted from 1 and its declared unit, a plugin's
 * parameter by its name, a plugin section by what it chooses, a duration without a unit (its
 * values carry it) unless the chart gives one.
 */
class VocabularyTest {
  private final Vocabulary words = Vocabulary.shipped();

  @Test
  void anApplicationParameterIsNamedWithItsApplicationAndUnit() {
    assertThat(words.keyTitle("applications[0].arrival-rate"))
        .isEqualTo("arrival rate of application 1 (requests/s)");
    assertThat(words.keyTitle("applications[1].slo-ttft")).isEqualTo("SLO TTFT of application 2");
  }

  @Test
  void aPluginParameterOrSectionIsNamedInWords() {
    assertThat(words.keyTitle("hardware.contention")).isEqualTo("contention");
    assertThat(words.keyTitle("policy")).isEqualTo("scheduling policy");
    assertThat(words.keyTitle("engine.credit-limit")).isEqualTo("credit limit");
  }

  @Test
  void aDurationTakesTheUnitTheChartGivesIt() {
    assertThat(words.keyTitle("hardware.time-slice")).isEqualTo("time slice");
    assertThat(words.keyTitle("hardware.time-slice", "ms")).isEqualTo("time slice (ms)");
  }
}
