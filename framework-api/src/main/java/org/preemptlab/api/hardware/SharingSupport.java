package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.preemptlab.api.API;

/**
 * What a device offers for sharing it in space (DESIGN.md §3.5, {@code docs/sharing.md}): whether
 * it runs an MPS server and with which provisioning, its MIG GPU-instance profiles, and the SM
 * granularity of its green contexts. A hardware model file declares these as optional keys
 * ({@code mps}, {@code mig-profiles}, {@code green-context-min-sms} and {@code
 * green-context-sm-multiple}), so a user's own device can use every sharing mode.
 *
 * @param mps the device's Multi-Process Service
 * @param migProfiles the MIG profiles, in the order a listing gives them; empty without MIG
 * @param greenContexts the green-context SM granularity, or empty without green contexts
 * @since 0.3
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public record SharingSupport(Mps mps, List<MigProfile> migProfiles,
    Optional<GreenContextGranularity> greenContexts) {

  /** No MPS, no MIG, no green contexts: what a model declares nothing about. */
  public static final SharingSupport NONE = new SharingSupport(Mps.NONE, List.of(),
      Optional.empty());

  /** Copies the profiles and checks that their names differ and their slices add up. */
  public SharingSupport {
    Objects.requireNonNull(mps, "mps");
    Objects.requireNonNull(greenContexts, "greenContexts");
    migProfiles = List.copyOf(migProfiles);
    Set<String> names = new HashSet<>();
    for (MigProfile profile : migProfiles) {
      checkArgument(names.add(profile.name()), "MIG profile '%s' is listed twice", profile.name());
      checkArgument(profile.memorySlices() <= profile.deviceMemorySlices(),
          "MIG profile '%s' has %s of %s memory slices", profile.name(), profile.memorySlices(),
          profile.deviceMemorySlices());
    }
  }

  /** Whether the device has MIG. */
  public boolean mig() {
    return !migProfiles.isEmpty();
  }

  /** The device's compute slices in MIG mode: the largest profile's (the whole-GPU profile). */
  public int migComputeSlices() {
    return migProfiles.stream().mapToInt(MigProfile::computeSlices).max().orElse(0);
  }

  /**
   * A device's Multi-Process Service (NVIDIA MPS documentation, docs.nvidia.com/deploy/mps):
   * MPS needs compute capability 3.5 or later; "Volta MPS" (7.0 and later) adds execution
   * resource provisioning, the active-thread percentage.
   */
  public enum Mps {
    /** No MPS server: clients cannot be co-resident through MPS. */
    NONE,
    /** Pre-Volta MPS: clients co-resident, without an active-thread percentage. */
    PRE_VOLTA,
    /** Volta MPS: clients co-resident, each limited by its active-thread percentage. */
    VOLTA
  }

  /**
   * One MIG GPU-instance profile (NVIDIA MIG user guide, "Supported MIG Profiles" and the {@code
   * nvidia-smi mig -lgip} listings).
   *
   * @param name the profile's name, such as {@code 3g.71gb}
   * @param computeSlices the {@code g} of the name: GPU compute slices, >= 1
   * @param memoryGb the memory of the name, in GB, > 0
   * @param sms the instance's SMs, >= 1
   * @param memorySlices its memory slices, which carry "both capacity and bandwidth" (the user
   *     guide), >= 1
   * @param deviceMemorySlices the device's memory slices (8 on A100, H100 and H200)
   * @param maxInstances the most instances of this profile on one device, >= 1
   */
  public record MigProfile(String name, int computeSlices, double memoryGb, int sms,
      int memorySlices, int deviceMemorySlices, int maxInstances) {
    /** Checks the fields. */
    public MigProfile {
      Objects.requireNonNull(name, "name");
      checkArgument(computeSlices >= 1, "MIG profile '%s': compute slices must be >= 1", name);
      checkArgument(memoryGb > 0, "MIG profile '%s': memory must be > 0 GB", name);
      checkArgument(sms >= 1, "MIG profile '%s': SMs must be >= 1", name);
      checkArgument(memorySlices >= 1 && deviceMemorySlices >= memorySlices,
          "MIG profile '%s': memory slices must be in [1, %s]", name, deviceMemorySlices);
      checkArgument(maxInstances >= 1, "MIG profile '%s': instances must be >= 1", name);
    }

    /** Its share of the device's memory and DRAM bandwidth, in (0, 1]. */
    public double bandwidthShare() {
      return memorySlices / (double) deviceMemorySlices;
    }
  }

  /**
   * The SM counts a green context may hold ({@code cuDevSmResourceSplitByCount} in the CUDA
   * driver API's "Green Contexts" section).
   *
   * @param minSms the fewest SMs of a partition, >= 1
   * @param smMultiple a partition's SM count is a multiple of it, >= 1
   */
  public record GreenContextGranularity(int minSms, int smMultiple) {
    /** Checks the fields. */
    public GreenContextGranularity {
      checkArgument(minSms >= 1, "green-context minimum must be >= 1 SM, got %s", minSms);
      checkArgument(smMultiple >= 1, "green-context SM multiple must be >= 1, got %s", smMultiple);
    }
  }
}
