package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ParameterSpecTest {
  private static final ParameterSpec WEIGHT =
      ParameterSpec.integer("weight", 1, 1, 100, "jobs", "Weight of a queue.");
  private static final ParameterSpec RATIO =
      ParameterSpec.real("ratio", 0.5, 0.25, 2.5, "", "A ratio.");
  private static final ParameterSpec VERBOSE = ParameterSpec.bool("verbose", false, "Talk.");
  private static final ParameterSpec MODE = ParameterSpec.choice(
      "mode", "drain", List.of("save", "drain", "flush"), "What a block does.");
  private static final ParameterSpec SLICE = ParameterSpec.duration(
      "time-slice", 2_000_000, 1_000, 1_000_000_000, "Length of one slice.");
  private static final ParameterSpec PATH = ParameterSpec.text("path", "a.csv", "A file.");

  @Test
  void factoriesRecordTypeDefaultTextUnitAndRange() {
    assertThat(WEIGHT.type()).isEqualTo(ParameterType.INTEGER);
    assertThat(WEIGHT.defaultValue()).isEqualTo("1");
    assertThat(WEIGHT.unit()).isEqualTo("jobs");
    assertThat(WEIGHT.min()).isEqualTo(1.0);
    assertThat(WEIGHT.max()).isEqualTo(100.0);
    assertThat(RATIO.defaultValue()).isEqualTo("0.5");
    assertThat(VERBOSE.defaultValue()).isEqualTo("false");
    assertThat(MODE.choices()).containsExactly("save", "drain", "flush");
    assertThat(SLICE.type()).isEqualTo(ParameterType.DURATION);
    assertThat(SLICE.defaultValue()).isEqualTo("2ms");
    assertThat(PATH.type()).isEqualTo(ParameterType.TEXT);
  }

  @Test
  void integerRangeIsInclusiveAtBothEnds() {
    assertThat(WEIGHT.parse("1")).isEqualTo(1L);
    assertThat(WEIGHT.parse("100")).isEqualTo(100L);
    assertThat(WEIGHT.parse(" 42 ")).isEqualTo(42L);
    assertThat(WEIGHT.parse("1_0")).isEqualTo(10L);
  }

  @ParameterizedTest(name = "{0} is out of [1, 100]")
  @ValueSource(strings = {"0", "101", "-5"})
  void integerOutOfRangeMessageContainsTheRange(String raw) {
    assertThatThrownBy(() -> WEIGHT.parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + raw + "' is out of range in [1, 100]");
  }

  @ParameterizedTest(name = "''{0}'' is not a whole number")
  @ValueSource(strings = {"1.5", "ten", "", "0x10"})
  void integerGarbageMessageNamesTheExpectedTypeAndRange(String raw) {
    assertThatThrownBy(() -> WEIGHT.parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a whole number in [1, 100], got '" + raw + "'");
  }

  @Test
  void realRangeIsInclusiveAndOutOfRangeMessageContainsTheRange() {
    assertThat(RATIO.parse("0.25")).isEqualTo(0.25);
    assertThat(RATIO.parse("2.5")).isEqualTo(2.5);
    assertThat(RATIO.parse("1")).isEqualTo(1.0);
    assertThatThrownBy(() -> RATIO.parse("2.5000001"))
        .hasMessage("'2.5000001' is out of range in [0.25, 2.5]");
    assertThatThrownBy(() -> RATIO.parse("0.2"))
        .hasMessage("'0.2' is out of range in [0.25, 2.5]");
    assertThatThrownBy(() -> RATIO.parse("half"))
        .hasMessage("expected a number in [0.25, 2.5], got 'half'");
  }

  @ParameterizedTest(name = "''{0}'' is not finite")
  @ValueSource(strings = {"NaN", "Infinity", "-Infinity"})
  void realRejectsNonFiniteNumbers(String raw) {
    ParameterSpec unbounded = ParameterSpec.real("x", 0, Double.NEGATIVE_INFINITY,
        Double.POSITIVE_INFINITY, "", "Anything.");
    assertThatThrownBy(() -> unbounded.parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a finite number, got '" + raw + "'");
  }

  @Test
  void rangeTextIsEmptyWhenUnboundedAndShowsInfOnAnOpenSide() {
    assertThat(ParameterSpec.real("x", 0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
        "", "d").rangeText()).isEmpty();
    assertThat(ParameterSpec.real("x", 0, 0, Double.POSITIVE_INFINITY, "", "d").rangeText())
        .isEqualTo(" in [0, inf]");
    assertThat(WEIGHT.rangeText()).isEqualTo(" in [1, 100]");
    assertThat(SLICE.rangeText()).isEqualTo(" in [1us, 1s]");
  }

  @Test
  void booleansAcceptTrueAndFalseInAnyCaseOnly() {
    assertThat(VERBOSE.parse("true")).isEqualTo(Boolean.TRUE);
    assertThat(VERBOSE.parse("FALSE")).isEqualTo(Boolean.FALSE);
    assertThat(VERBOSE.parse(" True ")).isEqualTo(Boolean.TRUE);
    for (String raw : List.of("yes", "1", "", "t")) {
      assertThatThrownBy(() -> VERBOSE.parse(raw))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("expected true or false, got '" + raw + "'");
    }
  }

  @Test
  void choiceAcceptsOnlyItsWordsAndSuggestsTheClosestOne() {
    assertThat(MODE.parse("flush")).isEqualTo("flush");
    assertThat(MODE.parse(" save ")).isEqualTo("save");
    assertThatThrownBy(() -> MODE.parse("darin"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown value 'darin'; did you mean 'drain'? valid: drain, flush, save");
    assertThatThrownBy(() -> MODE.parse("preempt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown value 'preempt'; valid: drain, flush, save");
  }

  @Test
  void choiceIsReadInAnyCaseAndGivesTheDeclaredWord() { // issue 27: 'high' and 'HIGH' alike
    assertThat(MODE.parse("DRAIN")).isEqualTo("drain");
    assertThat(MODE.parse("Flush")).isEqualTo("flush");
  }

  @Test
  void choicesThatDifferOnlyInCaseAreRefusedAsADeclaration() {
    assertThatThrownBy(() -> ParameterSpec.choice("level", "high", List.of("high", "HIGH"), "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("declares words that differ only in case");
  }

  @ParameterizedTest(name = "''{0}'' is not a whole number")
  @ValueSource(strings = {"１２", "0x10", "1e3", "99999999999999999999", "12abc"})
  void integerRefusesFullWidthDigitsHexExponentsAndOverflow(String raw) {
    assertThatThrownBy(() -> WEIGHT.parse(raw))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a whole number in [1, 100], got '" + raw + "'");
  }

  @Test
  void anEchoedValueIsCutTo40Characters() {
    assertThatThrownBy(() -> WEIGHT.parse("9".repeat(100_000)))
        .hasMessage("expected a whole number in [1, 100], got '" + "9".repeat(37) + "...'");
    assertThatThrownBy(() -> MODE.parse("x".repeat(100_000)))
        .hasMessage("unknown value '" + "x".repeat(37) + "...'; valid: drain, flush, save");
  }

  @Test
  void durationsAreParsedToNanosecondsWithAnInclusiveRange() {
    assertThat(SLICE.parse("1us")).isEqualTo(1_000L);
    assertThat(SLICE.parse("1s")).isEqualTo(1_000_000_000L);
    assertThat(SLICE.parse("2.5ms")).isEqualTo(2_500_000L);
    assertThat(SLICE.parse("1000ns")).isEqualTo(1_000L);
    assertThatThrownBy(() -> SLICE.parse("1000")).hasMessageContaining("has no unit");
    assertThatThrownBy(() -> SLICE.parse("999ns"))
        .hasMessage("'999ns' is out of range in [1us, 1s]");
    assertThatThrownBy(() -> SLICE.parse("1.000000001s"))
        .hasMessage("'1.000000001s' is out of range in [1us, 1s]");
    assertThatThrownBy(() -> SLICE.parse("soon"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'soon' is not a duration");
  }

  @Test
  void durationDefaultThatIsNotAWholeNumberOfMicrosecondsKeepsItsExactValue() {
    ParameterSpec spec = ParameterSpec.duration("wait", 1_234_567, 0, 1_234_567, "A wait.");

    assertThat(spec.parse(spec.defaultValue())).isEqualTo(1_234_567L);
  }

  @Test
  void textIsReturnedAsWritten() {
    assertThat(PATH.parse(" a b.csv ")).isEqualTo(" a b.csv ");
  }

  @Test
  void factoryDeclarationWithAnOutOfRangeDefaultIsRejected() {
    assertThatThrownBy(() -> ParameterSpec.integer("weight", 200, 1, 100, "", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parameter 'weight' has an invalid default: '200' is out of range in [1, 100]");
    assertThatThrownBy(() -> ParameterSpec.real("ratio", 3, 0, 2, "", "d"))
        .hasMessageContaining("'ratio' has an invalid default");
    assertThatThrownBy(() -> ParameterSpec.duration("slice", 10, 1_000, 2_000, "d"))
        .hasMessage("parameter 'slice' has an invalid default: '10ns' is out of range in "
            + "[1us, 2us]");
    assertThatThrownBy(() -> ParameterSpec.choice("mode", "svae", List.of("drain", "save"), "d"))
        .hasMessage("parameter 'mode' has an invalid default: unknown value 'svae'; did you mean "
            + "'save'? valid: drain, save");
  }

  @Test
  void canonicalDeclarationWithAnInvalidDefaultIsRejectedToo() {
    assertThatThrownBy(() -> new ParameterSpec("weight", ParameterType.INTEGER, "many", "", "d",
        0, 10, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parameter 'weight' has an invalid default: expected a whole number in "
            + "[0, 10], got 'many'");
    assertThatThrownBy(() -> new ParameterSpec("on", ParameterType.BOOLEAN, "yes", "", "d",
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of()))
        .hasMessage("parameter 'on' has an invalid default: expected true or false, got 'yes'");
  }

  @ParameterizedTest(name = "''{0}'' is not kebab-case")
  @ValueSource(strings = {"Weight", "time_slice", "-x", "x-", "a--b", "1x", "", "time slice"})
  void namesMustBeKebabCase(String name) {
    assertThatThrownBy(() -> ParameterSpec.bool(name, true, "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parameter name '" + name + "' is not kebab-case");
  }

  @Test
  void kebabCaseNamesWithDigitsAreAccepted() {
    assertThat(ParameterSpec.bool("l2-cache-2", true, "d").name()).isEqualTo("l2-cache-2");
  }

  @Test
  void choiceWithoutChoicesIsRejected() {
    assertThatThrownBy(() -> new ParameterSpec("mode", ParameterType.CHOICE, "x", "", "d",
        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("choice parameter 'mode' declares no choices");
  }

  @Test
  void minAboveMaxOrANaNBoundIsRejected() {
    assertThatThrownBy(() -> ParameterSpec.integer("n", 5, 10, 1, "", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("parameter 'n' needs min <= max");
    assertThatThrownBy(() -> ParameterSpec.real("x", 1, Double.NaN, 10, "", "d"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("parameter 'x' needs min <= max");
  }

  @Test
  void choicesAreCopiedSoTheDeclarationCannotChangeLater() {
    List<String> words = new ArrayList<>(List.of("a", "b"));
    ParameterSpec spec = ParameterSpec.choice("w", "a", words, "d");
    words.add("c");

    assertThat(spec.choices()).containsExactly("a", "b");
    assertThatThrownBy(() -> spec.choices().add("d"))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
