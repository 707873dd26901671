package org.preemptlab.examples.tpcmask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.RunOutcome;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * The {@code libsmctrl} mode in the real engine, through the test kit: the GTX 1080's 20 SMs (10
 * TPCs of 2 SMs), two contexts each with one queue, each queue one kernel of 40 blocks of 1,024
 * threads (two per SM) for 10 µs, both submitted at 0.
 */
// doc:begin
class StreamMasksEngineTest {
  private static final Workload TWO_TENANTS = TestWorkload.create()
      .queue(TestQueues.builder("hp").context("serving").build())
      .queue(TestQueues.builder("bg").context("training").build())
      .job("hp", 0, TestWorkload.kernel(40, 1024, 10_000))
      .job("bg", 0, TestWorkload.kernel(40, 1024, 10_000))
      .build();

  /** hp keeps TPCs 0-1 (SMs 0-3), bg TPCs 2-9 (SMs 4-19): a set bit disables a TPC. */
  private static final Map<String, String> DISJOINT = Map.of("stream-masks",
      "hp=0x3fc, bg=0x3");

  private static RunOutcome run(Map<String, String> parameters) {
    return PluginTestKit.sharing(new StreamMaskProvider(), parameters)
        .device(TestDevices.PASCAL).on(TWO_TENANTS).run();
  }

  private static Set<Integer> sms(int from, int to) {
    return IntStream.range(from, to).boxed().collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void queuesWithDisjointMasksNeverShareAnSm() {
    RunOutcome outcome = run(DISJOINT);

    outcome.assertThat().allJobsFinished();
    assertThat(outcome.smsOf("hp")).isEqualTo(sms(0, 4));
    assertThat(outcome.smsOf("bg")).isEqualTo(sms(4, 20));
  }

  @Test
  void theContextsRunAtOnceEachOnItsOwnSms() {
    JobRecord hp = run(DISJOINT).job(1);
    JobRecord bg = run(DISJOINT).job(2);

    assertThat(hp.firstStartNs()).isLessThan(bg.finishNs());
    assertThat(bg.firstStartNs()).isLessThan(hp.finishNs());
    // 40 blocks, 2 per SM: on 4 SMs five waves of 10 µs, on 16 SMs two
    assertThat(hp.finishNs()).isEqualTo(50_000);
    assertThat(bg.finishNs()).isEqualTo(20_000);
  }

  @Test
  void withoutMasksTheQueuesUseTheSameSms() {
    RunOutcome outcome = PluginTestKit.sharing(new StreamMaskProvider(), Map.of())
        .device(TestDevices.PASCAL).on(TWO_TENANTS).run();

    assertThat(outcome.smsOf("hp")).isEqualTo(sms(0, 20));
    assertThat(outcome.smsOf("bg")).isEqualTo(sms(0, 20));
  }

  @Test
  void oneSmPerTpcConfinesAQueueToSingleSms() {
    RunOutcome outcome = run(Map.of("stream-masks", "hp=0xffffe", "sms-per-tpc", "1"));

    assertThat(outcome.smsOf("hp")).containsExactly(0);
  }

  @Test
  void aBadMaskIsOneLineNamingTheParameter() {
    assertThatThrownBy(() -> run(Map.of("stream-masks", "hp=0xzz")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("stream-masks: 'hp=0xzz' is not QUEUE=MASK with MASK a hexadecimal TPC mask"
            + " of at most 128 bits (libsmctrl: a set bit disables the TPC), e.g. hp=0xf0");
    assertThatThrownBy(() -> run(Map.of("stream-masks", "hq=0x1")))
        .hasMessage("stream-masks: unknown queue 'hq'; valid: hp, bg");
    assertThatThrownBy(() -> run(Map.of("stream-masks", "hp=0x3ff")))
        .hasMessage("stream-masks: the mask of queue 'hp' disables all 10 TPCs of 'GTX 1080';"
            + " clear at least one of bits 0-9");
  }

  @Test
  void aDeviceOfAnOddSmCountHasNoTpcsOfTwo() {
    assertThatThrownBy(() -> PluginTestKit.sharing(new StreamMaskProvider(), DISJOINT)
        .device(TestDevices.GTX_480).on(TWO_TENANTS).run())
        .hasMessage("sms-per-tpc: 'GTX 480' has 15 SMs, not a whole number of TPCs of 2 SMs");
  }
}
// doc:end
