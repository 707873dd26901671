package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.model.Workload;

class TimedActionsTest {

  private static SyntheticSpec withActions(String actions) {
    return SyntheticSpecs.fromYaml(Specs.TWO_QUEUES + "actions:\n" + actions, "test.yaml");
  }

  @Test
  void singleActionsBecomeQueueActionsAtTheirTimes() {
    Workload workload = SyntheticWorkload.generate(withActions("""
          - {queue: train, at: 2ms, suspend: 2}
          - {queue: train, at: 3ms, resume: true}
          - {queue: infer, at: 1ms, priority: LOW}
          - {queue: infer, at: 4ms, weight: 3}
          - {queue: infer, at: 5ms, prepare: 200us}
        """), 1L);

    assertThat(workload.actions()).containsExactly(
        new QueueAction.Suspend(2_000_000, "train", SuspendLevel.DEACTIVATE),
        new QueueAction.Resume(3_000_000, "train"),
        new QueueAction.SetPriority(1_000_000, "infer", Priority.LOW),
        new QueueAction.SetWeight(4_000_000, "infer", 3),
        new QueueAction.Prepare(5_000_000, "infer", 200_000));
  }

  @Test
  void repeatedSuspensionsAlternateWithResumesWithinTheHorizonAndDependOnlyOnTheSeed() {
    String actions = """
          - queue: train
            suspend: 3
            every: {process: poisson, mean-interval: 1ms}
            hold: {uniform: [100us, 300us]}
        """;
    List<QueueAction> first = SyntheticWorkload.generate(withActions(actions), 7L).actions();
    List<QueueAction> again = SyntheticWorkload.generate(withActions(actions), 7L).actions();

    assertThat(first).isEqualTo(again).hasSizeGreaterThan(4);
    for (int i = 0; i < first.size(); i += 2) {
      assertThat(first.get(i)).isInstanceOf(QueueAction.Suspend.class);
      QueueAction.Resume resume = (QueueAction.Resume) first.get(i + 1);
      long hold = resume.timeNs() - first.get(i).timeNs();
      assertThat(hold).isBetween(100_000L, 300_000L);
      assertThat(first.get(i).timeNs()).isLessThan(20_000_000L);
      if (i > 0) {
        assertThat(first.get(i).timeNs()).isGreaterThan(first.get(i - 1).timeNs());
      }
    }
  }

  @Test
  void anActionMustSayExactlyOneThing() {
    assertThatThrownBy(() -> withActions("  - {queue: train, at: 2ms, suspend: 2, resume: true}\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("exactly one of suspend (1, 2 or 3), resume, priority, weight or prepare");
  }

  @Test
  void anUnknownQueueIsNamedWithTheValidOnes() {
    assertThatThrownBy(() -> withActions("  - {queue: trian, at: 2ms, resume: true}\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("actions[0].queue")
        .hasMessageContaining("trian")
        .hasMessageContaining("train");
  }

  @Test
  void aLevelOutsideXSchedsThreeIsRejected() {
    assertThatThrownBy(() -> withActions("  - {queue: train, at: 2ms, suspend: 4}\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("must be 1, 2 or 3");
  }
}
