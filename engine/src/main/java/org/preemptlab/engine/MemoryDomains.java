package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.List;
import java.util.Objects;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.policy.SmSet;

/**
 * Which SMs share which device-memory bandwidth, for the contention model (DESIGN.md §3.5): the
 * whole device as one domain, or one domain per MIG instance, whose blocks never slow the blocks
 * of another instance. SMs outside every domain host no block that moves DRAM traffic.
 *
 * @param domains the domains, with pairwise disjoint SM sets
 */
public record MemoryDomains(List<Domain> domains) {

  /**
   * One memory domain.
   *
   * @param name a label for reports and errors (for example a MIG instance's name)
   * @param sms the SMs whose blocks share the bandwidth
   * @param dramBandwidthBytesPerNs the domain's DRAM bandwidth in bytes per ns (GB/s), > 0
   */
  public record Domain(String name, SmSet sms, double dramBandwidthBytesPerNs) {
    /** Checks the fields. */
    public Domain {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(sms, "sms");
      checkArgument(!sms.isEmpty(), "memory domain '%s' has no SM", name);
      checkArgument(Double.isFinite(dramBandwidthBytesPerNs) && dramBandwidthBytesPerNs > 0,
          "memory domain '%s': DRAM bandwidth must be > 0 GB/s, got %s", name,
          dramBandwidthBytesPerNs);
    }
  }

  /** Copies the list and checks that no SM is in two domains. */
  public MemoryDomains {
    domains = List.copyOf(domains);
    checkArgument(!domains.isEmpty(), "at least one memory domain is needed");
    for (int a = 0; a < domains.size(); a++) {
      for (int b = a + 1; b < domains.size(); b++) {
        Domain first = domains.get(a);
        Domain second = domains.get(b);
        checkArgument(first.sms().stream().noneMatch(second.sms()::contains),
            "memory domains '%s' and '%s' share an SM", first.name(), second.name());
      }
    }
  }

  /**
   * The whole device as one domain with its datasheet bandwidth.
   *
   * @throws IllegalArgumentException if the device declares no DRAM bandwidth
   */
  public static MemoryDomains wholeDevice(DeviceSpec device) {
    return new MemoryDomains(List.of(new Domain("device", SmSet.range(0, device.smCount()),
        device.memory().dramBandwidthBytesPerNs())));
  }

  /** Each SM's domain index, or -1 for an SM outside every domain. */
  public int[] domainOfSm(int smCount) {
    int[] of = new int[smCount];
    java.util.Arrays.fill(of, -1);
    for (int d = 0; d < domains.size(); d++) {
      int index = d;
      domains.get(d).sms().stream().filter(sm -> sm < smCount).forEach(sm -> of[sm] = index);
    }
    return of;
  }
}
