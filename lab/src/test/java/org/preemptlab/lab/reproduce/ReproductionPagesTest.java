package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every page in docs/reproductions of a published reproduction is that command's output: each is
 * run as {@code preemptlab reproduce ID} runs it (all seeds, the full sweep) and its page compared
 * byte for byte with the committed one. Regenerate a page with {@code preemptlab reproduce ID --out
 * docs/reproductions}. The reproductions run two at a time (each is deterministic on its own).
 * Tagged {@code reproduction-pages}, which {@code mvn verify} leaves out: {@code .ci/run} runs it
 * as a step of its own ({@code -Dgroups=reproduction-pages}).
 */
@Tag("reproduction-pages")
class ReproductionPagesTest {
  private static final Path PAGES = Path.of("..", "docs", "reproductions");
  private static final Map<String, Future<String>> WRITTEN = new TreeMap<>();
  private static ExecutorService pool;

  @TempDir
  static Path directory;

  static Stream<String> published() {
    return ids().stream();
  }

  private static List<String> ids() {
    return Reproductions.all().stream().filter(r -> r.kind() == Reproduction.Kind.PUBLISHED)
        .map(Reproduction::id).toList();
  }

  @BeforeAll
  static void runEveryPublishedReproduction() {
    pool = Executors.newFixedThreadPool(2);
    for (String id : ids()) {
      WRITTEN.put(id, pool.submit(() -> {
        Path out = Files.createDirectories(directory.resolve(id));
        try (PrintStream printed = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
          Reproductions.find(id).orElseThrow().run(out, printed);
        }
        return Files.readString(out.resolve(id + ".md"));
      }));
    }
  }

  @AfterAll
  static void stop() {
    pool.shutdownNow();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("published")
  void theCommittedPageIsTheCommandsOutput(String id) throws Exception {
    Path committed = PAGES.resolve(id + ".md");
    assertThat(committed).as("docs/reproductions/%s.md: write it with `preemptlab reproduce %s"
        + " --out docs/reproductions`", id, id).exists();
    assertThat(WRITTEN.get(id).get())
        .as("docs/reproductions/%s.md differs from the command's output: regenerate it with"
            + " `preemptlab reproduce %s --out docs/reproductions`", id, id)
        .isEqualTo(Files.readString(committed));
  }
}
