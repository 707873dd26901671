package org.preemptlab.api.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MetricDeclarationTest {
  @Test
  void aDeclarationKeepsWhatItWasGiven() {
    MetricDeclaration d = new MetricDeclaration("boosts", "priority boosts", MetricUnit.COUNT,
        false, "times a starving queue was raised");

    assertThat(d.id()).isEqualTo("boosts");
    assertThat(d.unit().symbol()).isEqualTo("count");
    assertThat(MetricUnit.NANOSECONDS.symbol()).isEqualTo("ns");
  }

  @Test
  void anIdMustBeKebabCaseAndTitleAndDescriptionNotBlank() {
    assertThatThrownBy(() -> new MetricDeclaration("Boosts", "t", MetricUnit.COUNT, false, "d"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not kebab-case");
    assertThatThrownBy(() -> new MetricDeclaration("policy.boosts", "t", MetricUnit.COUNT, false,
        "d")).hasMessageContaining("not kebab-case");
    assertThatThrownBy(() -> new MetricDeclaration("boosts", " ", MetricUnit.COUNT, false, "d"))
        .hasMessageContaining("needs a title and a description");
    assertThatThrownBy(() -> new MetricDeclaration("boosts", "t", null, false, "d"))
        .isInstanceOf(NullPointerException.class);
  }
}
