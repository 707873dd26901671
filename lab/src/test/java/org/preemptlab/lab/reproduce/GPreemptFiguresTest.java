package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class GPreemptFiguresTest {
  private static final GPreemptFigures FIGURES = GPreemptFigures.bundled();
  private static final List<String> EIGHT = GPreemptFigures.WORKLOADS;

  @Test
  void theBundledReadingsAreTheCommittedDataFile() throws IOException {
    String bundled;
    try (InputStream in = GPreemptFigures.class.getResourceAsStream(GPreemptFigures.RESOURCE)) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).as("lab's gpreempt-figures.csv must be a copy of"
        + " docs/data/gpreempt-figures.csv")
        .isEqualTo(Files.readString(Path.of("..", "docs", "data", "gpreempt-figures.csv")));
  }

  @Test
  void theReadingsGiveThePapersStatedAveragesWithinTheirReadingError() {
    // §5.2: block-level +15.3% LC latency, 88.6% and 79.7% of no preemption's throughput, over
    // the eight workloads; §5.3: "about 200 us" for GP(w/o pre) without E and Y.
    assertThat(GPreemptFigures.mean(EIGHT, w -> FIGURES.increase(w, "WB")))
        .isCloseTo(0.153, within(0.01));
    assertThat(GPreemptFigures.mean(EIGHT, w -> FIGURES.throughputVsNp(w, "GP")))
        .isCloseTo(0.886, within(0.015));
    assertThat(GPreemptFigures.mean(EIGHT, w -> FIGURES.throughputVsNp(w, "WB")))
        .isCloseTo(0.797, within(0.015));
    assertThat(GPreemptFigures.mean(List.of("A", "B", "C", "D", "REAL", "Z"),
        w -> FIGURES.extraUs(w, "GP(w/o pre)"))).isBetween(175.0, 250.0);
  }

  @Test
  void eachFigureHasEveryWorkloadsBarsAndAnUnknownBarIsNamed() {
    for (String w : EIGHT) {
      assertThat(FIGURES.lcAloneUs(w)).isBetween(2000.0, 6000.0);
      assertThat(FIGURES.throughputVsNp(w, "NP")).isEqualTo(1.0);
      for (String m : List.of("WB", "GP(w/o pre)", "GP")) {
        assertThat(FIGURES.extraUs(w, m)).isBetween(0.0, 900.0);
      }
    }
    assertThatThrownBy(() -> FIGURES.bar("6", "additional LC latency", "F", "GP"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("gpreempt-figures.csv has no bar for Fig. 6, additional LC latency, DISB F,"
            + " GP");
  }

  /**
   * The committed targets. A change here must come with a line in the page's row history
   * (GPreempt.java, "Row history"): say why the target moved, never in the commit that makes a
   * row pass.
   */
  @Test
  void theGpreemptTargetsAreTheCommittedBarsAndMoveOnlyWithTheirHistory() {
    assertThat(GPreempt.ROW_WORKLOADS.stream().map(w -> GPreempt.noHintExtra(w).published()))
        .containsExactly("150 us", "173 us", "204 us", "341 us", "819 us");
    assertThat(GPreempt.ROW_WORKLOADS.stream().map(w -> GPreempt.blockLevelExtra(w).published()))
        .containsExactly("+11.0%", "+16.1%", "+36.3%", "+11.0%", "+12.3%");
    assertThat(GPreempt.ROW_WORKLOADS.stream().map(w -> GPreempt.lcIncrease(w).published()))
        .containsExactly("+0.3% (block-level +11.0%)", "+0.2% (block-level +16.1%)",
            "+1.1% (block-level +36.3%)", "+4.5% (block-level +11.0%)",
            "+12.7% (block-level +12.3%)");
    assertThat(GPreempt.ROW_WORKLOADS.stream().map(w -> GPreempt.throughput(w).published()))
        .containsExactly("100.0% (block-level 95.9%)", "87.6% (block-level 84.7%)",
            "92.5% (block-level 74.6%)", "70.0% (block-level 63.2%)",
            "76.2% (block-level 69.9%)");
    Target c = GPreempt.noHintExtra("C");
    assertThat(c.tolerance().accepts(204 * 0.76)).isTrue();
    assertThat(c.tolerance().accepts(204 * 1.27)).isFalse();
  }
}
