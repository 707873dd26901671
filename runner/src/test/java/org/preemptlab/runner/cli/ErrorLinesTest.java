package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

/** An error is one bounded line; an I/O failure names its cause in words. */
class ErrorLinesTest {
  @Test
  void aLongMessageIsCutInTheMiddleToTwoThousandCharacters() {
    String list = "contention: " + "max-min-fair,".repeat(2000);

    String line = Main.bounded("preemptlab run: " + list + " is not a value");

    assertThat(line).hasSizeLessThanOrEqualTo(Main.MAX_ERROR_CHARS + 40)
        .startsWith("preemptlab run: contention: max-min-fair,")
        .contains(" characters left out) ... ")
        .endsWith(" is not a value");
  }

  @Test
  void aShortMessageIsKeptWhole() {
    assertThat(Main.bounded("preemptlab run: unknown policy 'x'"))
        .isEqualTo("preemptlab run: unknown policy 'x'");
  }

  @Test
  void aFullDiskIsNamedByItsReason() {
    assertThat(Main.ioCause(new FileSystemException("/tmp/x", null, "No space left on device")))
        .isEqualTo("No space left on device");
    assertThat(Main.ioCause(new java.io.IOException("No space left on device")))
        .isEqualTo("No space left on device");
  }
}
