package org.preemptlab.runner.policies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.api.Durations;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * Issue 27: every documented value of a policy parameter runs the shipped example to completion or
 * is refused with one line; none dead-locks or fails inside the run. For every scheduling policy
 * and every parameter: both ends of its range (each word of a choice, both booleans) and one
 * value drawn inside the range from a fixed seed, on {@code examples/configs/inference-vs-training
 * .yaml} (cut to 10 ms of arrivals to keep the test short).
 */
@Tag("slow")
class PolicyParameterEdgesTest {
  private static final long SEED = 27;

  @TempDir
  static Path dir;
  private static Path example;

  @BeforeAll
  static void shortenTheExample() throws IOException {
    String text = Files.readString(Path.of("..", "examples", "configs",
        "inference-vs-training.yaml"));
    assertThat(text).contains("duration: 40ms");
    example = Files.writeString(dir.resolve("inference-vs-training.yaml"),
        text.replace("duration: 40ms", "duration: 10ms"));
  }

  static Stream<Arguments> edges() {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    SplittableRandom random = new SplittableRandom(SEED);
    List<Arguments> cases = new ArrayList<>();
    for (PluginDescriptor policy : registry.descriptors(PluginKind.SCHEDULING_POLICY)) {
      for (ParameterSpec spec : policy.parameters()) {
        for (String value : values(spec, random)) {
          cases.add(Arguments.of(policy.id(), spec.name(), value));
        }
      }
    }
    return cases.stream();
  }

  /** The ends of the range, and one value inside it drawn log-uniformly. */
  private static List<String> values(ParameterSpec spec, SplittableRandom random) {
    return switch (spec.type()) {
      case BOOLEAN -> List.of("true", "false");
      case CHOICE -> spec.choices();
      case TEXT -> List.of();
      case INTEGER -> List.of(whole(spec.min()), whole(spec.max()),
          whole(Math.floor(logUniform(spec.min(), spec.max(), random))));
      case DURATION -> List.of(Durations.format((long) spec.min()),
          Durations.format((long) spec.max()),
          Durations.format((long) logUniform(spec.min(), spec.max(), random)));
      case REAL -> List.of(Double.toString(spec.min()), Double.toString(spec.max()),
          Double.toString(logUniform(spec.min(), spec.max(), random)));
    };
  }

  private static String whole(double value) {
    return Long.toString((long) value);
  }

  private static double logUniform(double min, double max, SplittableRandom random) {
    if (min <= 0 || max / min < 10) {
      return min + (max - min) * random.nextDouble();
    }
    return Math.exp(Math.log(min) + (Math.log(max) - Math.log(min)) * random.nextDouble());
  }

  @ParameterizedTest(name = "{0} {1}={2}")
  @MethodSource("edges")
  void everyDocumentedValueRunsTheShippedExampleOrIsRefusedWithOneLine(String policy,
      String parameter, String value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
          PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
        return new Main(o, e).run("run", "--config", example.toString(), "--policy", policy,
            "--set", "policy." + parameter + "=" + value);
      }
    });
    String errors = err.toString(StandardCharsets.UTF_8).strip();

    assertThat(exit).as("exit code; stderr: %s", errors).isIn(Main.OK, Main.USAGE);
    if (exit == Main.USAGE) {
      assertThat(errors).doesNotContain("\n").doesNotContain("Exception")
          .startsWith("preemptlab run: ");
    }
  }
}
