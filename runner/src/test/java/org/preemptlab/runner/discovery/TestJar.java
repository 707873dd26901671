package org.preemptlab.runner.discovery;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.preemptlab.api.PluginProvider;

/**
 * Builds a real plugin jar at test time: compiles Java sources against the test class path with
 * the system compiler, adds {@code META-INF/services} files and an optional manifest version.
 */
final class TestJar {
  private final String fileName;
  private final Map<String, String> sources = new LinkedHashMap<>();
  private final Map<String, List<String>> services = new LinkedHashMap<>();
  private String version;

  private TestJar(String fileName) {
    this.fileName = fileName;
  }

  /** A jar that will be written as {@code fileName}. */
  static TestJar named(String fileName) {
    return new TestJar(fileName);
  }

  /** Adds the source of class {@code className} (a fully qualified name). */
  TestJar source(String className, String code) {
    sources.put(className, code);
    return this;
  }

  /** Registers {@code classNames}, in order, as providers of {@code service}. */
  TestJar service(Class<?> service, String... classNames) {
    services.computeIfAbsent(service.getName(), s -> new ArrayList<>()).addAll(List.of(classNames));
    return this;
  }

  /** Sets the manifest's {@code Implementation-Version}. */
  TestJar version(String implementationVersion) {
    this.version = implementationVersion;
    return this;
  }

  /** Compiles into {@code workDir} and writes the jar into {@code directory}; returns the jar. */
  Path writeTo(Path directory, Path workDir) throws IOException {
    Path build = Files.createTempDirectory(workDir, "build-");
    Path classes = build.resolve("classes");
    Files.createDirectories(classes);
    if (!sources.isEmpty()) {
      compile(build.resolve("src"), classes);
    }
    Files.createDirectories(directory);
    Path jar = directory.resolve(fileName);
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (version != null) {
      manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
    }
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        add(out, classes.relativize(file).toString().replace(File.separatorChar, '/'),
            Files.readAllBytes(file));
      }
      for (Map.Entry<String, List<String>> service : services.entrySet()) {
        add(out, "META-INF/services/" + service.getKey(),
            (String.join("\n", service.getValue()) + "\n").getBytes(UTF_8));
      }
    }
    return jar;
  }

  private void compile(Path sourceDir, Path classes) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = sourceDir.resolve(source.getKey().replace('.', '/') + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue());
      files.add(file);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fileManager =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, UTF_8)) {
      List<String> options = List.of("--release", "17", "-proc:none", "-d", classes.toString(),
          "-classpath", classPath());
      boolean compiled = compiler.getTask(null, fileManager, diagnostics, options, null,
          fileManager.getJavaFileObjectsFromPaths(files)).call();
      if (!compiled) {
        throw new AssertionError("test plugin sources do not compile: "
            + diagnostics.getDiagnostics());
      }
    }
  }

  /** The test class path, plus framework-api's location in case the path is a manifest-only jar. */
  private static String classPath() {
    try {
      Path api = Path.of(PluginProvider.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      return System.getProperty("java.class.path") + File.pathSeparator + api;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void add(JarOutputStream out, String name, byte[] bytes) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(bytes);
    out.closeEntry();
  }
}
