package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class InterpolationTest {
  private final Interpolation.Line line = Interpolation.Line.of(Map.of(16.0, 10.0, 32.0, 14.0));

  @Test
  void betweenTwoPointsTheValueIsLinear() {
    assertThat(line.at(24)).isEqualTo(12.0);
  }

  @Test
  void belowTheFirstPointTheValueIsTheFirsts() {
    assertThat(line.at(8)).isEqualTo(10.0);
  }

  @Test
  void aboveTheLastPointTheLineThroughTheLastTwoContinuesNeverBelowTheLastValue() {
    assertThat(line.at(48)).isEqualTo(18.0);
    Interpolation.Line falling = Interpolation.Line.of(Map.of(1.0, 5.0, 2.0, 4.0));
    assertThat(falling.at(10)).isEqualTo(4.0);
  }

  @Test
  void aPlaneBlendsTheLinesOfTheBracketingOuterKeys() {
    // outer 1: (0 -> 4, 8 -> 6); outer 3: (0 -> 8, 8 -> 12); at (2, 4): (5 + 10) / 2
    Interpolation.Plane plane = Interpolation.Plane.of(Map.of(
        1.0, Map.of(0.0, 4.0, 8.0, 6.0), 3.0, Map.of(0.0, 8.0, 8.0, 12.0)));
    assertThat(plane.at(2, 4)).isEqualTo(7.5);
    assertThat(plane.at(1, 8)).isEqualTo(6.0);
  }
}
