package org.preemptlab.policies.spatial;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.testkit.TestDevices;

/** How {@code lithos} splits a device into quotas of whole TPCs. */
class LithosPolicyTest {

  private static DeviceSpec withSms(int sms) {
    DeviceSpec p = TestDevices.PASCAL;
    return new DeviceSpec("test", sms, p.sm(), p.clockMhz(), p.costs(), true, false);
  }

  @Test
  void theHighPriorityQuotaIsWholeTpcsOfTheShareAndLeavesTheBestEffortQuotaAtLeastOne() {
    DeviceSpec v100 = withSms(80);

    assertThat(LithosPolicy.highQuotaSms(v100, 0.5)).isEqualTo(40);
    assertThat(LithosPolicy.highQuotaSms(v100, 0.3)).isEqualTo(24); // 12 of 40 TPCs
    assertThat(LithosPolicy.highQuotaSms(v100, 0.01)).isEqualTo(2); // at least one TPC
    assertThat(LithosPolicy.highQuotaSms(v100, 0.99)).isEqualTo(78); // leaves one TPC
  }

  @Test
  void theBestEffortQuotaIsEverySmTheHighPriorityQuotaDoesNotOwn() {
    DeviceSpec device = withSms(8);
    LithosPolicy policy = new LithosPolicy(Priority.HIGH, 0.5, 500_000, 100_000);

    assertThat(policy.bestEffortQuota(device)).isEqualTo(SmSet.range(4, 8));
  }
}
