package org.preemptlab.runner.report;

/** The project's version, from the runner jar's manifest. */
public final class Versions {
  private Versions() {}

  /** The {@code Implementation-Version} of the runner jar, or {@code "dev"} from classes. */
  public static String project() {
    String version = Versions.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }
}
