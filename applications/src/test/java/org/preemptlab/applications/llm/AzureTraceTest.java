package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;

class AzureTraceTest {
  @Test
  void timestampsAreTakenRelativeToTheFirstRowToTheNanosecond() {
    List<RequestSpec> r = AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "2023-11-16 18:17:03.9799600,4808,10\n"
        + "2023-11-16 18:17:04.0319600,3180,8\n"
        + "2023-11-16 18:17:05,110,27\n", "t.csv", 1);
    assertThat(r).extracting(RequestSpec::arrivalNs).containsExactly(0L, 52_000_000L,
        1_020_040_000L);
    assertThat(r.get(0).promptTokens()).isEqualTo(4808);
    assertThat(r.get(0).outputTokens()).isEqualTo(10);
    assertThat(r.get(1).where()).isEqualTo("t.csv:3");
  }

  @Test
  void secondsAndColumnsInAnyOrderAreRead() {
    List<RequestSpec> r = AzureTrace.parse("GeneratedTokens,TIMESTAMP,ContextTokens\n"
        + "5,10.5,100\n7,11.0,200\n", "t.csv", 2);
    assertThat(r).extracting(RequestSpec::arrivalNs).containsExactly(0L, 250_000_000L);
    assertThat(r.get(1).promptTokens()).isEqualTo(200);
  }

  @Test
  void aBadLineIsRefusedNamingTheFileLineAndColumn() {
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,10,2\n1,ten,2\n", "t.csv", 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:3: column 2 ('ContextTokens') must be a whole number from 1 to "
            + Integer.MAX_VALUE + " in ASCII digits");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens\n0,10\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:1: the header lacks the column 'GeneratedTokens'");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "5,10,2\n1,10,2\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:3: column 1 ('TIMESTAMP') is before the first row's");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "2023-11-16 25:00:00,10,2\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:2: column 1 ('TIMESTAMP') must be a time");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n",
        "t.csv", 1)).hasMessage("t.csv: the request trace has a header but no request rows");
  }

  @Test
  void theSampleInDocsIsATraceInTheAzureColumns() {
    List<RequestSpec> r = AzureTrace.read(Path.of("../docs/data/llm-requests-sample.csv"), 1);
    assertThat(r).hasSize(200);
    assertThat(r.get(0).arrivalNs()).isZero();
    assertThat(r.get(1).arrivalNs()).isEqualTo(1_273_392_000L);
  }

  @Test
  void fullWidthDigitsAreNotNumbers() {
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,\uFF11\uFF10,2\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:2: column 2 ('ContextTokens') must be a whole number");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "\uFF10,10,2\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:2: column 1 ('TIMESTAMP') must be a time");
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "2023-11-16 18:17:0\uFF13,10,2\n", "t.csv", 1))
        .hasMessageStartingWith("t.csv:2: column 1 ('TIMESTAMP') must be a time");
  }

  @Test
  void datesFromYearOneToYear9999AreRefusedInsteadOfOverflowing() {
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0001-01-01 00:00:00,10,2\n9999-12-31 23:59:59,10,2\n", "t.csv", 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:3: column 1 ('TIMESTAMP') is more than 100 years after the first "
            + "row's");
  }

  @Test
  void anArrivalBeyondSimulatedTimeAfterTheSpeedUpIsRefused() {
    assertThatThrownBy(() -> AzureTrace.parse("TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,10,2\n3000000000,10,2\n", "t.csv", 1e-6))
        .hasMessageContaining("lies beyond the 2^62 ns simulated time can reach");
  }

  @Test
  void errorsNeverQuoteTheFilesContent() {
    String secret = "ghp_FAKEsecretTOKEN0123456789abcdefXYZ";
    for (String text : List.of("TIMESTAMP,ContextTokens,GeneratedTokens\n0," + secret + ",2\n",
        "TIMESTAMP,ContextTokens,GeneratedTokens\n" + secret + ",1,2\n",
        "TIMESTAMP,ContextTokens,GeneratedTokens\n0,1,2\n" + secret + ",1,2\n")) {
      assertThatThrownBy(() -> AzureTrace.parse(text, "t.csv", 1))
          .isInstanceOf(ConfigurationException.class)
          .message().doesNotContain("ghp_").doesNotContain("TOKEN");
    }
  }

  @Test
  void aDirectoryOrOtherNonRegularFileIsRefusedBeforeReading(@org.junit.jupiter.api.io.TempDir
      Path dir) {
    assertThatThrownBy(() -> AzureTrace.read(dir, 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void aTraceLargerThanTheLimitIsRefusedWithoutReadingItWhole(
      @org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
    Path big = dir.resolve("big.csv");
    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(big)) {
      byte[] mebibyte = "0,1,1\n".repeat((1 << 20) / 6).getBytes(
          java.nio.charset.StandardCharsets.US_ASCII);
      for (long written = 0; written <= AzureTrace.MAX_BYTES; written += mebibyte.length) {
        out.write(mebibyte);
      }
    }
    assertThatThrownBy(() -> AzureTrace.read(big, 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("larger than the limit of 64 MiB");
  }

}
