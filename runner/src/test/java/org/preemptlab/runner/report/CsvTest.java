package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTest {

  @Test
  void aPlainCellIsWrittenAsIs() {
    assertThat(Csv.quote("gemm")).isEqualTo("gemm");
    assertThat(Csv.quote("instruction=264;block-end=2")).isEqualTo("instruction=264;block-end=2");
    assertThat(Csv.quote("")).isEqualTo("");
  }

  @Test
  void aCellWithACommaIsQuoted() {
    assertThat(Csv.quote("gemm, fused")).isEqualTo("\"gemm, fused\"");
  }

  @Test
  void quotesInsideACellAreDoubled() {
    assertThat(Csv.quote("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
  }

  @Test
  void aCellWithALineBreakIsQuoted() {
    assertThat(Csv.quote("two\nlines")).isEqualTo("\"two\nlines\"");
    assertThat(Csv.quote("two\r\nlines")).isEqualTo("\"two\r\nlines\"");
    assertThat(Csv.quote("carriage\rreturn")).isEqualTo("\"carriage\rreturn\"");
  }
}
