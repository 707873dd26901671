package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongMapTest {
  @Test
  void ascendingKeysAreFoundAndOthersAreNot() {
    LongMap map = new LongMap();
    for (long k = 0; k < 1000; k++) {
      map.put(3 * k, -k);
    }

    assertThat(map.get(300)).isEqualTo(-100L);
    assertThat(map.get(0)).isEqualTo(0L);
    assertThat(map.get(301)).isNull();
    assertThat(map.get(-3)).isNull();
  }

  @Test
  void keysInAnyOrderBehaveAsAHashMapWithTheLastValueOfARepeatedKey() {
    SplittableRandom random = new SplittableRandom(3);
    for (int round = 0; round < 20; round++) {
      LongMap map = new LongMap();
      Map<Long, Long> expected = new HashMap<>();
      long key = 0;
      for (int i = 0; i < 200; i++) {
        key += random.nextInt(4) == 0 ? -random.nextInt(5) : random.nextInt(1, 5);
        map.put(key, i);
        expected.put(key, (long) i);
      }

      for (long k = -1000; k <= key + 1; k++) {
        assertThat(map.get(k)).as("key %s", k).isEqualTo(expected.get(k));
      }
    }
  }
}
