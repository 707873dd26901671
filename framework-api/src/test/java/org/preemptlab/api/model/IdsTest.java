package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class IdsTest {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  @Test
  void anIdIsValidExactlyWhenThePatternMatchesIt() {
    assertThat(Ids.valid(null)).isFalse();
    String alphabet = "aZz09AM._-/ é٣\t+\u0000";
    Random random = new Random(29);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder id = new StringBuilder();
      int length = random.nextInt(6);
      for (int k = 0; k < length; k++) {
        id.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String s = id.toString();
      assertThat(Ids.valid(s)).as("'%s'", s).isEqualTo(ID.matcher(s).matches());
    }
  }
}
