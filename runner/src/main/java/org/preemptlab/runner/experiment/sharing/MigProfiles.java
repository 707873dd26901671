package org.preemptlab.runner.experiment.sharing;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The MIG GPU instance profiles of the bundled devices that support MIG, from NVIDIA's MIG user
 * guide (docs.nvidia.com/datacenter/tesla/mig-user-guide, "Supported MIG Profiles": the profile
 * names, fraction of memory and number of instances available; "Getting Started", the {@code
 * nvidia-smi mig -lgip} listings: SMs per profile). A memory slice is one eighth of the device's
 * memory "including both capacity and bandwidth" (the guide's terminology section), so an instance
 * gets {@code memoryEighths / 8} of the DRAM bandwidth.
 */
final class MigProfiles {
  /**
   * One profile.
   *
   * @param name the profile's name, e.g. {@code 3g.71gb}
   * @param computeSlices the {@code g} of the name (GPCs), 1 to 7
   * @param memoryEighths its memory slices, of 8
   * @param sms its SMs ({@code nvidia-smi mig -lgip}, column SM)
   * @param maxInstances the most instances of it on one device
   */
  record Profile(String name, int computeSlices, int memoryEighths, int sms, int maxInstances) {}

  /**
   * H200 141GB (GH100, 132 SMs): the guide's H200 profile names; the SM counts are those the guide
   * lists for the H100 80GB, the same GH100 with 132 SMs and the same slice geometry (16, 26, 32,
   * 60, 64, 132 SMs).
   */
  private static final List<Profile> H200 = List.of(
      new Profile("1g.18gb", 1, 1, 16, 7),
      new Profile("1g.35gb", 1, 2, 26, 4),
      new Profile("2g.35gb", 2, 2, 32, 3),
      new Profile("3g.71gb", 3, 4, 60, 2),
      new Profile("4g.71gb", 4, 4, 64, 1),
      new Profile("7g.141gb", 7, 8, 132, 1));

  /** A100-SXM4-40GB (GA100, 108 SMs, 98 of them in MIG mode): the guide's A100 40GB table. */
  private static final List<Profile> A100 = List.of(
      new Profile("1g.5gb", 1, 1, 14, 7),
      new Profile("1g.10gb", 1, 2, 14, 4),
      new Profile("2g.10gb", 2, 2, 28, 3),
      new Profile("3g.20gb", 3, 4, 42, 2),
      new Profile("4g.20gb", 4, 4, 56, 1),
      new Profile("7g.40gb", 7, 8, 98, 1));

  private static final Map<String, List<Profile>> BY_HARDWARE = Map.of("h200", H200, "a100", A100);

  /** The hardware model ids that have MIG profiles, sorted. */
  static final List<String> HARDWARE = BY_HARDWARE.keySet().stream().sorted().toList();

  private MigProfiles() {}

  /** The profiles of hardware model {@code hardwareId}, or empty if it has none. */
  static Optional<List<Profile>> of(String hardwareId) {
    return Optional.ofNullable(BY_HARDWARE.get(hardwareId));
  }

  /**
   * The profile named {@code name} ({@code 3g.71gb}, or {@code 3g} for the one with the least
   * memory) among {@code profiles}, or empty.
   */
  static Optional<Profile> find(List<Profile> profiles, String name) {
    for (Profile profile : profiles) {
      if (profile.name().equals(name) || (profile.computeSlices() + "g").equals(name)) {
        return Optional.of(profile); // the first of a g has the least memory
      }
    }
    return Optional.empty();
  }

  /** Every name {@link #find} accepts, for errors. */
  static List<String> names(List<Profile> profiles) {
    List<String> names = new java.util.ArrayList<>();
    for (Profile profile : profiles) {
      String shortName = profile.computeSlices() + "g";
      if (!names.contains(shortName)) {
        names.add(shortName);
      }
    }
    profiles.forEach(p -> names.add(p.name()));
    return names;
  }
}
