package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.Checks.checkArgument;
import static org.preemptlab.api.Checks.checkNotNull;

import org.junit.jupiter.api.Test;

class ChecksTest {

  @Test
  void aCheckThatHoldsThrowsNothing() {
    assertThatCode(() -> checkArgument(true, "never %s", "shown")).doesNotThrowAnyException();
  }

  @Test
  void aFailedCheckThrowsIllegalArgumentWithEachPlaceholderFilledInOrder() {
    assertThatThrownBy(() -> checkArgument(1 > 2, "kernel '%s': grid must have >= 1 block, got %s",
        "gemm", 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'gemm': grid must have >= 1 block, got 0");
  }

  @Test
  void formattingMatchesStringConcatenationForNullsAndNumbers() {
    Object nothing = null;
    assertThat(Checks.format("%s|%s|%s|%s", nothing, 1.5, 7L, 'c'))
        .isEqualTo(nothing + "|" + 1.5 + "|" + 7L + "|" + 'c');
  }

  @Test
  void leftoverArgumentsAreAppendedInBracketsAsGuavaDoes() {
    assertThat(Checks.format("a %s", 1, 2, 3)).isEqualTo("a 1 [2, 3]");
  }

  @Test
  void leftoverPlaceholdersStayAsTheyAre() {
    assertThat(Checks.format("%s and %s", "one")).isEqualTo("one and %s");
  }

  @Test
  void thePrimitiveOverloadsFormatTheirArgumentsAsTheVarargsFormDoes() {
    assertThatThrownBy(() -> checkArgument(false, "no %s here"))
        .hasMessage("no %s here");
    assertThatThrownBy(() -> checkArgument(false, "got %s", -7L))
        .hasMessage(Checks.format("got %s", -7L));
    assertThatThrownBy(() -> checkArgument(false, "progress %s outside [0, %s]", 12, 10L))
        .hasMessage("progress 12 outside [0, 10]");
    assertThatThrownBy(() -> checkArgument(false, "stop %s outside [%s, %s]", 1L, 2L, 3L))
        .hasMessage("stop 1 outside [2, 3]");
    assertThatThrownBy(() -> checkArgument(false, "%s", 1L, 2L, 3L))
        .hasMessage("1 [2, 3]");
    assertThatCode(() -> checkArgument(true, "%s %s %s", 1L, 2L, 3L)).doesNotThrowAnyException();
  }

  @Test
  void checkNotNullReturnsTheValueOrThrowsWithTheFormattedMessage() {
    assertThat(checkNotNull("x", "unused")).isEqualTo("x");
    assertThatThrownBy(() -> checkNotNull(null, "queue '%s' has no %s", "q1", "context"))
        .isExactlyInstanceOf(NullPointerException.class)
        .hasMessage("queue 'q1' has no context");
  }
}
