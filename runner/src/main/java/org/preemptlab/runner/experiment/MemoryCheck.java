package org.preemptlab.runner.experiment;

import java.util.List;
import java.util.Optional;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.application.MemoryDemand;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.engine.RunApplication;
import org.preemptlab.runner.experiment.sharing.SharingPlan;

/**
 * Refuses a run whose applications hold more device memory than they have: each application that
 * declares a {@link MemoryDemand} is checked against the memory of its MIG instance (the name's
 * GB, as {@code 1g.18gb} gives 18 GB) when the run's sharing plan puts its contexts in one, else
 * against the device's declared capacity ({@code memory-capacity-gb}); a device that declares no
 * capacity is not checked. Applications sharing a device or an instance are each checked alone
 * (what they hold together is not summed).
 */
final class MemoryCheck {
  private MemoryCheck() {}

  /**
   * Checks every application of a run.
   *
   * @throws ConfigurationException naming the application, the bytes it needs, the capacity and
   *     where it comes from, and the parameter to change
   */
  static void check(List<RunApplication> applications, SharingPlan sharing,
      HardwareModel hardware) {
    for (RunApplication application : applications) {
      Optional<MemoryDemand> demand = application.memoryDemand();
      if (demand.isEmpty()) {
        continue;
      }
      Optional<Capacity> capacity = capacityOf(application, sharing, hardware);
      if (capacity.isPresent() && demand.get().bytes() > capacity.get().bytes()) {
        MemoryDemand need = demand.get();
        throw new ConfigurationException(application.name() + ": needs " + bytes(need.bytes())
            + " of device memory (" + need.parts() + "), more than the "
            + bytes(capacity.get().bytes()) + " of " + capacity.get().where()
            + "; lower its parameter '" + need.parameter() + "'");
      }
    }
  }

  /** {@code 50420260864 B (50.4 GB)}; {@link Long#MAX_VALUE} stands for a sum past it. */
  private static String bytes(long bytes) {
    return (bytes == Long.MAX_VALUE ? "more than " : "") + bytes + " B ("
        + String.format(java.util.Locale.ROOT, "%.1f", bytes / 1e9) + " GB)";
  }

  /** Bytes an application may hold and where the figure comes from. */
  private record Capacity(long bytes, String where) {}

  private static Optional<Capacity> capacityOf(RunApplication application, SharingPlan sharing,
      HardwareModel hardware) {
    if (!sharing.instances().isEmpty()) {
      for (GpuContext context : application.resources().contexts()) {
        String instance = sharing.sharing().isolationGroups().get(context.id());
        Optional<SharingPlan.Instance> placed = sharing.instances().stream()
            .filter(i -> i.name().equals(instance)).findFirst();
        if (placed.isPresent()) {
          String profile = placed.get().profile();
          Optional<SharingSupport.MigProfile> mig = hardware.sharingSupport().migProfiles()
              .stream().filter(p -> p.name().equals(profile)).findFirst();
          if (mig.isPresent()) {
            return Optional.of(new Capacity(Math.round(mig.get().memoryGb() * 1e9),
                "MIG instance '" + instance + "' (profile " + profile + ")"));
          }
        }
      }
    }
    long device = hardware.device().memory().capacityBytes();
    return device > 0 ? Optional.of(new Capacity(device, "the device '" + hardware.device().name()
        + "' (its hardware model's memory-capacity-gb)")) : Optional.empty();
  }
}
