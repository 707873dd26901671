package org.preemptlab.runner.experiment.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;

class ShardTest {
  @Test
  void readsIndexSlashCountWithTheIndexFromZero() {
    assertThat(Shard.parse("--shard", "0/4")).isEqualTo(new Shard(0, 4));
    assertThat(Shard.parse("--shard", " 3 / 4 ")).isEqualTo(new Shard(3, 4));
    assertThat(new Shard(2, 5)).hasToString("2/5");
  }

  @Test
  void anIndexOutOfRangeOrAnotherFormIsAOneLineErrorWithTheExpectedForm() {
    assertThatThrownBy(() -> Shard.parse("--shard", "4/4"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--shard: index must be in [0, 3] for 4 shards, got '4/4'");
    assertThatThrownBy(() -> Shard.parse("--shard", "1/0"))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("for 0 shards");
    assertThatThrownBy(() -> Shard.parse("--shard", "2"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("expected INDEX/COUNT such as 0/4").hasMessageContaining("'2'");
    assertThatThrownBy(() -> Shard.parse("--shard", "-1/4"))
        .isInstanceOf(ConfigurationException.class);
  }
}
