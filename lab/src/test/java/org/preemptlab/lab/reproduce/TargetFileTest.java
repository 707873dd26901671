package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TargetFileTest {
  private static final String HEADER = "key,kind,target,bound,unit,history\n";

  static List<String> published() {
    return Reproductions.all().stream().filter(r -> r.kind() == Reproduction.Kind.PUBLISHED)
        .map(Reproduction::id).toList();
  }

  private static String bundledText(String id) throws IOException {
    try (InputStream in = TargetFile.class.getResourceAsStream("targets/" + id + ".csv")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("published")
  void everyPublishedReproductionReadsItsTargetsFromItsFile(String id) {
    assertThat(TargetFile.bundled(id).keys()).isNotEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("published")
  void theCommittedPageCarriesEveryRowsHistory(String id) throws IOException {
    String page = Files.readString(Path.of("..", "docs", "reproductions", id + ".md"));
    TargetFile file = TargetFile.bundled(id);
    for (String key : file.keys()) {
      assertThat(page).as("docs/reproductions/%s.md must print row '%s''s history from %s:"
          + " regenerate it with `preemptlab reproduce %s --out docs/reproductions`", id, key,
          TargetFile.path(id), id).contains(file.line(key).historyText());
    }
  }

  @Test
  void aCommittedTargetChangedWithoutAHistoryEntryIsRefused() throws IOException {
    String reef = bundledText("reef");
    String moved = reef.replace("throughput-vs-rt-only,relative,7.7,", "throughput-vs-rt-only,"
        + "relative,8.0,");
    assertThat(moved).isNotEqualTo(reef);
    assertThatThrownBy(() -> TargetFile.parse("reef.csv", moved))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 'throughput-vs-rt-only' is now 8x ±25%")
        .hasMessageContaining("add an entry saying why the target or tolerance changed");
  }

  @Test
  void aCommittedToleranceChangedWithoutAHistoryEntryIsRefused() throws IOException {
    String tally = bundledText("tally");
    String wider = tally.replace("tally-overhead,at-most,0.09,", "tally-overhead,at-most,0.1,");
    assertThat(wider).isNotEqualTo(tally);
    assertThatThrownBy(() -> TargetFile.parse("tally.csv", wider))
        .hasMessageContaining("row 'tally-overhead' is now <= 10% but its history's last entry"
            + " says <= 9%");
  }

  @Test
  void aChangeWithAHistoryEntrySayingWhyIsRead() {
    TargetFile file = TargetFile.parse("t.csv", HEADER
        + "row,relative,8.0,0.25,times,2026-12-01 7.7x ±25%: set. | 2026-12-08 8x ±25%: the"
        + " paper's erratum says 8x.\n");
    assertThat(file.line("row").target()).isEqualTo(8.0);
    assertThat(file.line("row").historyText()).isEqualTo("2026-12-01, 7.7x ±25%: set."
        + " 2026-12-08, 8x ±25%: the paper's erratum says 8x.");
  }

  @Test
  void aTargetDerivedFromDataMustAgreeWithTheFile() {
    TargetFile file = TargetFile.parse("t.csv", HEADER
        + "row,band,0.3,0.05,percent,2026-12-01 ±5 points of 30%: set.\n");
    Source source = Source.of("paper", "Fig. 1");
    assertThat(file.target("row", "claim", source, "30%", "why", 0.3, 0.05).tolerance()
        .accepts(0.34)).isTrue();
    assertThatThrownBy(() -> file.target("row", "claim", source, "31%", "why", 0.31))
        .hasMessageContaining("t.csv row 'row': the file's target is 0.3 but the data give 0.31");
  }

  @Test
  void mistakesNameTheFileLineAndColumn() {
    assertThatThrownBy(() -> TargetFile.parse("t.csv", HEADER
        + "row,roughly,0.3,0.05,percent,2026-12-01 x: y\n"))
        .hasMessage("t.csv line 2 column kind: one of " + TargetFile.KINDS + " expected");
    assertThatThrownBy(() -> TargetFile.parse("t.csv", HEADER
        + "row,below,abc,,percent,2026-12-01 < 1%: y\n"))
        .hasMessage("t.csv line 2 column target: a finite number expected");
    assertThatThrownBy(() -> TargetFile.parse("t.csv", HEADER
        + "row,below,0.01,,percent,set before the first run\n"))
        .hasMessageStartingWith("t.csv line 2 column history: entries");
    assertThatThrownBy(() -> TargetFile.parse("t.csv", HEADER
        + "row,below,0.01,,percent,2026-12-02 < 2%: a. | 2026-12-01 < 1%: b.\n"))
        .hasMessage("t.csv line 2 column history: entry 2 is dated before the one above it");
    assertThatThrownBy(() -> TargetFile.bundled("no-such-reproduction"))
        .hasMessageContaining("targets/no-such-reproduction.csv is missing");
  }
}
