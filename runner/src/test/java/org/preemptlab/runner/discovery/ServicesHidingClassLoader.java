package org.preemptlab.runner.discovery;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;

/**
 * Delegates classes to the test class loader but hides its PreemptLab service registrations, so a
 * test sees only the providers of the jars it built, not the in-tree plugins.
 */
final class ServicesHidingClassLoader extends ClassLoader {
  private static final String HIDDEN = "META-INF/services/org.preemptlab.api.";

  ServicesHidingClassLoader() {
    super("services-hiding", ServicesHidingClassLoader.class.getClassLoader());
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    return name.startsWith(HIDDEN) ? Collections.emptyEnumeration() : super.getResources(name);
  }

  @Override
  public URL getResource(String name) {
    return name.startsWith(HIDDEN) ? null : super.getResource(name);
  }
}
