package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TextTableTest {

  @Test
  void textColumnsAreLeftAlignedAndNumberColumnsRightAligned() {
    String table = new TextTable("name", "jobs", "note")
        .row("a", 1, "x")
        .row("long-name", 1234, "yy")
        .render();

    assertThat(table).isEqualTo("""
        name       jobs  note
        ---------  ----  ----
        a             1  x
        long-name  1234  yy
        """);
  }

  @Test
  void aNumericLastColumnIsPaddedOnTheLeftAndATextLastColumnHasNoTrailingSpaces() {
    String table = new TextTable("strategy", "p99 us").row("block-boundary", "807.4")
        .row("user-yield", "12.0").render();

    assertThat(table).isEqualTo("""
        strategy        p99 us
        --------------  ------
        block-boundary   807.4
        user-yield        12.0
        """);
    assertThat(new TextTable("a", "b").row("1", "short").row("2", "much longer").render()
        .lines()).noneMatch(line -> line.endsWith(" "));
  }

  @Test
  void signsDecimalsThousandsPercentagesDashesAndNaCountAsNumbers() {
    String table = new TextTable("value").row("-1,234.5").row("+7").row("93.4%").row("-")
        .row("n/a").render();

    assertThat(table).isEqualTo("""
           value
        --------
        -1,234.5
              +7
           93.4%
               -
             n/a
        """);
  }

  @Test
  void oneWordInAColumnMakesTheWholeColumnText() {
    String table = new TextTable("x").row("12").row("1e5").render();

    assertThat(table).isEqualTo("x\n---\n12\n1e5\n");
  }

  @Test
  void aTableWithoutRowsIsItsHeaderAndRule() {
    assertThat(new TextTable("queue", "jobs").render()).isEqualTo("queue  jobs\n-----  ----\n");
  }

  @Test
  void aRowMustHaveOneCellPerColumn() {
    TextTable table = new TextTable("a", "b", "c");

    assertThatThrownBy(() -> table.row("1", "2")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected 3 cells, got 2");
  }
}
