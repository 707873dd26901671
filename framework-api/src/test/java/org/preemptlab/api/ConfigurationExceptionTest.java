package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigurationExceptionTest {
  private static final List<String> POLICIES = List.of("round-robin", "fifo", "priority");

  @Test
  void unknownWithACloseMatchSuggestsItAndListsTheValidNamesSorted() {
    ConfigurationException e = ConfigurationException.unknown("policy", "fifi", POLICIES);

    assertThat(e).hasMessage(
        "unknown policy 'fifi'; did you mean 'fifo'? valid: fifo, priority, round-robin");
  }

  @Test
  void unknownWithoutACloseMatchListsOnlyTheValidNames() {
    ConfigurationException e = ConfigurationException.unknown("policy", "lottery", POLICIES);

    assertThat(e).hasMessage("unknown policy 'lottery'; valid: fifo, priority, round-robin");
  }

  @Test
  void unknownWithNoValidNamesSaysThereAreNone() {
    assertThat(ConfigurationException.unknown("policy", "fifo", List.of()))
        .hasMessage("unknown policy 'fifo'; valid: there are none");
  }

  @ParameterizedTest(name = "''{0}'' is taken for ''{1}''")
  @CsvSource({
      "fifi, fifo",          // 1 edit in 4 letters
      "HGIH, HIGH",          // two swapped letters in a short name: 2 edits are always allowed
      "FIFO, fifo",          // case is ignored
      "prioirty, priority",  // 2 edits in 8 letters
      "round-robbin, round-robin",
      "rond-rbin, round-robin",  // 2 edits in 9 letters: a third
      "roundrobn, round-robin"   // 2 edits in 9 letters
  })
  void typoWithinAThirdOfTheLengthMatches(String given, String expected) {
    assertThat(ConfigurationException.closest(given, List.of("fifo", "HIGH", "priority",
        "round-robin"))).contains(expected);
  }

  @ParameterizedTest(name = "''{0}'' matches nothing")
  @CsvSource({
      "lottery",      // far from everything
      "edf",          // 3 edits from fifo
      "round",        // 6 edits from round-robin
      "rnd-rbn",      // 4 edits in 7 letters: more than a third
      "xyzw"
  })
  void stringsFartherThanAThirdOfTheirLengthDoNotMatch(String given) {
    assertThat(ConfigurationException.closest(given, List.of("fifo", "HIGH", "priority",
        "round-robin"))).isEmpty();
  }

  @Test
  void closestPrefersTheSmallestDistance() {
    assertThat(ConfigurationException.closest("sjfx", List.of("sjf-prio", "sjfxyz", "sjfy")))
        .contains("sjfy");
  }

  @Test
  void closestOfNoCandidatesIsEmpty() {
    assertThat(ConfigurationException.closest("fifo", List.of())).isEmpty();
  }

  @Test
  void theCauseIsKept() {
    IllegalStateException cause = new IllegalStateException("boom");

    assertThat(new ConfigurationException("bad", cause)).hasMessage("bad").hasCause(cause);
  }
}
