package org.preemptlab.runner.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Where provider classes and service registrations come from, as short names for messages. */
final class JarLocations {
  static final String UNKNOWN = "unknown";
  static final String CLASSES = "classes";

  private static final Map<String, String> DIGESTS = new ConcurrentHashMap<>();

  private JarLocations() {}

  /** The file name of the jar {@code type} was loaded from, {@code "classes"}, or "unknown". */
  static String of(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    return source == null || source.getLocation() == null ? UNKNOWN : name(source.getLocation());
  }

  /**
   * The SHA-256 of the jar {@code type} was loaded from, as 64 lower-case hex digits, or {@code ""}
   * if it was loaded from a class directory or the jar cannot be read. Digests are cached per jar.
   */
  static String sha256(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return "";
    }
    URL url = source.getLocation();
    if (!url.getProtocol().equals("file") || !url.getPath().endsWith(".jar")) {
      return "";
    }
    return digest(url);
  }

  /**
   * What a services file's registration stands for: the SHA-256 of the jar that holds it, so that
   * two byte-identical copies of one jar on the class path (a build's jar and its copy in a
   * launcher's {@code lib/}, reached through a manifest {@code Class-Path}) count as one jar; the
   * file's own URL when it is not in a readable jar.
   */
  static String identity(URL servicesFile) {
    String text = servicesFile.toString();
    int bang = text.indexOf("!/");
    if (!text.startsWith("jar:file:") || bang < 0) {
      return text;
    }
    try {
      String digest = digest(new URL(text.substring(4, bang)));
      return digest.isEmpty() ? text : digest;
    } catch (java.net.MalformedURLException e) {
      return text;
    }
  }

  private static String digest(URL url) {
    return DIGESTS.computeIfAbsent(url.toString(), key -> {
      try (InputStream in = url.openStream()) {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] buffer = new byte[1 << 16];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          digest.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(digest.digest());
      } catch (IOException | NoSuchAlgorithmException e) {
        return "";
      }
    });
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
