package org.preemptlab.lab.reproduce;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every reproduction {@code preemptlab reproduce} knows: the implementations of {@link
 * Reproduction} named in {@code META-INF/services/org.preemptlab.lab.reproduce.Reproduction},
 * listed in the order of that file. A new reproduction is a class with a public no-argument
 * constructor and one line in the service file, in this module or in a jar beside it.
 */
public final class Reproductions {
  private Reproductions() {}

  /**
   * All reproductions, in service-file order.
   *
   * @throws IllegalStateException if two share an id (naming both classes)
   */
  public static List<Reproduction> all() {
    List<Reproduction> all = new ArrayList<>();
    Map<String, Reproduction> byId = new HashMap<>();
    for (Reproduction reproduction : ServiceLoader.load(Reproduction.class,
        Reproductions.class.getClassLoader())) {
      Reproduction other = byId.putIfAbsent(reproduction.id(), reproduction);
      if (other != null) {
        throw new IllegalStateException("two reproductions have the id '" + reproduction.id()
            + "': " + other.getClass().getName() + " and " + reproduction.getClass().getName());
      }
      all.add(reproduction);
    }
    return List.copyOf(all);
  }

  /** The reproduction with this id. */
  public static Optional<Reproduction> find(String id) {
    return all().stream().filter(r -> r.id().equals(id)).findFirst();
  }
}
