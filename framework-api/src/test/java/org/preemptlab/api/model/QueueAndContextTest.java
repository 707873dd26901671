package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueueAndContextTest {

  @ParameterizedTest(name = "''{0}'' is a valid id")
  @ValueSource(strings = {"q", "Q1", "infer.high", "train_0", "a-b", "9"})
  void idsOfLettersDigitsDotsUnderscoresAndDashesAreAccepted(String id) {
    assertThat(new JobQueue(id, id, Priority.HIGH, 1, EngineKind.COMPUTE, true).id())
        .isEqualTo(id);
    assertThat(new GpuContext(id, true).id()).isEqualTo(id);
  }

  @ParameterizedTest(name = "''{0}'' is not a valid id")
  @ValueSource(strings = {"", "-q", ".q", "_q", "a b", "q/1", "q,1", "ü"})
  void otherIdsAreRejectedWithTheRule(String id) {
    assertThatThrownBy(() -> new JobQueue(id, "c", Priority.HIGH, 1, EngineKind.COMPUTE, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue id '" + id
            + "' must be letters, digits, '.', '_' or '-', starting with a letter or digit");
    assertThatThrownBy(() -> new JobQueue("q", id, Priority.HIGH, 1, EngineKind.COMPUTE, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("context id '" + id + "'");
    assertThatThrownBy(() -> new GpuContext(id, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("context id '" + id + "'");
  }

  @Test
  void nullIdsAreRejected() {
    assertThatThrownBy(() -> new GpuContext(null, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("context id 'null'");
  }

  @Test
  void queueWeightMustBeAtLeastOne() {
    assertThatThrownBy(() -> new JobQueue("q", "c", Priority.LOW, 0, EngineKind.COPY, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue 'q': weight must be >= 1, got 0");
  }

  @Test
  void queuePriorityAndEngineAreRequired() {
    assertThatThrownBy(() -> new JobQueue("q", "c", null, 1, EngineKind.COPY, false))
        .isInstanceOf(NullPointerException.class).hasMessage("priority");
    assertThatThrownBy(() -> new JobQueue("q", "c", Priority.LOW, 1, null, false))
        .isInstanceOf(NullPointerException.class).hasMessage("engine");
  }

  @Test
  void kernelPriorityIsHighestAndLowIsLowest() {
    assertThat(Priority.KERNEL.isHigherThan(Priority.HIGH)).isTrue();
    assertThat(Priority.HIGH.isHigherThan(Priority.NORMAL)).isTrue();
    assertThat(Priority.NORMAL.isHigherThan(Priority.LOW)).isTrue();
    assertThat(Priority.LOW.isHigherThan(Priority.KERNEL)).isFalse();
    assertThat(Priority.HIGH.isHigherThan(Priority.HIGH)).isFalse();
  }
}
