package org.preemptlab.runner.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

/** Where provider classes and service registrations come from, as short names for messages. */
final class JarLocations {
  static final String UNKNOWN = "unknown";
  static final String CLASSES = "classes";

  private JarLocations() {}

  /** The file name of the jar {@code type} was loaded from, {@code "classes"}, or "unknown". */
  static String of(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? UNKNOWN : name(source.getLocation());
  }

  /**
   * The short name of a class-path location: {@code a.jar} for {@code file:/x/a.jar} or {@code
   * jar:file:/x/a.jar!/META-INF/...}, and {@code "classes"} for a directory.
   */
  static String name(URL url) {
    String text = url.toString();
    if (text.startsWith("jar:")) {
      int bang = text.indexOf("!/");
      text = text.substring(4, bang < 0 ? text.length() : bang);
    } else if (text.contains("/META-INF/services/")) {
      return CLASSES;
    }
    if (text.endsWith("/")) {
      return CLASSES;
    }
    String last = text.substring(text.lastIndexOf('/') + 1);
    return last.endsWith(".jar") ? decode(last) : CLASSES;
  }

  /** Every services file for {@code service}, with the provider class names it lists. */
  static List<Registration> registrations(ClassLoader loader, Class<?> service) {
    List<Registration> result = new ArrayList<>();
    try {
      Enumeration<URL> files = loader.getResources("META-INF/services/" + service.getName());
      while (files.hasMoreElements()) {
        URL file = files.nextElement();
        result.add(new Registration(file, name(file), serviceNames(file)));
      }
    } catch (IOException e) {
      // ServiceLoader itself reports unreadable services files as load problems
    }
    return result;
  }

  /** One services file: where it is, its short jar name and the class names it lists. */
  record Registration(URL file, String jar, List<String> classNames) {}

  private static List<String> serviceNames(URL file) {
    List<String> names = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(file.openStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        int comment = line.indexOf('#');
        String name = (comment < 0 ? line : line.substring(0, comment)).strip();
        if (!name.isEmpty()) {
          names.add(name);
        }
      }
    } catch (IOException e) {
      // an unreadable file registers nothing we can name
    }
    return names;
  }

  private static String decode(String name) {
    return java.net.URLDecoder.decode(name.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
