package org.preemptlab.hardware;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.hardware.SharingSupport.GreenContextGranularity;
import org.preemptlab.api.hardware.SharingSupport.MigProfile;

/**
 * Reads the optional sharing keys of a model file ({@code mps}, {@code mig-profiles}, {@code
 * green-context-min-sms}, {@code green-context-sm-multiple}) into a {@link SharingSupport}. Every
 * mistake is one line naming the source and the key, without quoting the file.
 */
final class SharingKeys {
  /** One profile: {@code 3g.71gb 60 SMs 4/8 memory max 2}. */
  private static final Pattern PROFILE = Pattern.compile(
      "(?<g>[0-9]{1,2})g\\.(?<gb>[0-9]{1,4}(?:\\.[0-9]{1,3})?)gb\\s+(?<sms>[0-9]{1,4})\\s+SMs\\s+"
          + "(?<mem>[0-9]{1,2})/(?<of>[0-9]{1,2})\\s+memory\\s+max\\s+(?<max>[0-9]{1,2})",
      Pattern.CASE_INSENSITIVE);
  /** The form of one profile, for errors. */
  static final String PROFILE_FORM = "'NAME SMS SMs M/N memory max K', e.g. "
      + "'3g.71gb 60 SMs 4/8 memory max 2'";
  /** The values of {@code mps}. */
  static final List<String> MPS_VALUES = List.of("none", "pre-volta", "volta");

  private SharingKeys() {}

  /**
   * The sharing support that {@code mps}, {@code migProfiles} and the green-context keys declare
   * (each null when absent).
   *
   * @throws ConfigurationException naming {@code source} and the key
   */
  static SharingSupport read(String source, String mps, String migProfiles, Integer greenMin,
      Integer greenMultiple) {
    return new SharingSupport(mps(source, mps), migProfiles(source, migProfiles),
        green(source, greenMin, greenMultiple));
  }

  private static SharingSupport.Mps mps(String source, String text) {
    if (text == null) {
      return SharingSupport.Mps.NONE;
    }
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "none" -> SharingSupport.Mps.NONE;
      case "pre-volta" -> SharingSupport.Mps.PRE_VOLTA;
      case "volta" -> SharingSupport.Mps.VOLTA;
      default -> throw new ConfigurationException(source + ": " + ModelKey.MPS.id()
          + " must be one of " + String.join(", ", MPS_VALUES));
    };
  }

  private static List<MigProfile> migProfiles(String source, String text) {
    if (text == null) {
      return List.of();
    }
    String key = source + ": " + ModelKey.MIG_PROFILES.id();
    List<MigProfile> profiles = new ArrayList<>();
    int denominator = -1;
    String[] entries = text.split(",", -1);
    for (int i = 0; i < entries.length; i++) {
      Matcher m = PROFILE.matcher(entries[i].trim());
      if (!m.matches()) {
        throw new ConfigurationException(key + ": profile " + (i + 1) + " must read "
            + PROFILE_FORM);
      }
      String name = m.group("g") + "g." + m.group("gb") + "gb";
      int of = Integer.parseInt(m.group("of"));
      if (denominator >= 0 && of != denominator) {
        throw new ConfigurationException(key + ": profile " + (i + 1) + " (" + name + ") counts "
            + "memory in " + of + "ths, the first in " + denominator + "ths; use one count of"
            + " memory slices");
      }
      denominator = of;
      // a profile's SMs are checked against the device when instances are laid out, so that
      // overriding sm-count (a smaller test device) keeps the model usable without MIG
      int sms = Integer.parseInt(m.group("sms"));
      try {
        profiles.add(new MigProfile(name, Integer.parseInt(m.group("g")),
            Double.parseDouble(m.group("gb")), sms, Integer.parseInt(m.group("mem")), of,
            Integer.parseInt(m.group("max"))));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(key + ": " + e.getMessage(), e);
      }
    }
    try {
      return new SharingSupport(SharingSupport.Mps.NONE, profiles, Optional.empty())
          .migProfiles();
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(key + ": " + e.getMessage(), e);
    }
  }

  private static Optional<GreenContextGranularity> green(String source, Integer min,
      Integer multiple) {
    if (min == null && multiple == null) {
      return Optional.empty();
    }
    if (min == null || multiple == null) {
      ModelKey missing = min == null ? ModelKey.GREEN_CONTEXT_MIN_SMS
          : ModelKey.GREEN_CONTEXT_SM_MULTIPLE;
      ModelKey given = min == null ? ModelKey.GREEN_CONTEXT_SM_MULTIPLE
          : ModelKey.GREEN_CONTEXT_MIN_SMS;
      throw new ConfigurationException(source + ": " + given.id() + " needs " + missing.id()
          + " (green contexts need both)");
    }
    return Optional.of(new GreenContextGranularity(min, multiple));
  }
}
