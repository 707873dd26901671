package org.preemptlab.runner.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every page in docs/reproductions of a published reproduction is that command's output: each is
 * run as {@code preemptlab reproduce ID} runs it (all seeds, the full sweep) and its page compared
 * byte for byte with the committed one. Regenerate a page with {@code preemptlab reproduce ID --out
 * docs/reproductions}.
 */
@Tag("slow")
class ReproductionPagesTest {
  private static final Path PAGES = Path.of("..", "docs", "reproductions");

  @TempDir
  Path directory;

  static Stream<String> published() {
    return Reproductions.all().stream().filter(r -> r.kind() == Reproduction.Kind.PUBLISHED)
        .map(Reproduction::id);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("published")
  void theCommittedPageIsTheCommandsOutput(String id) throws Exception {
    Reproduction reproduction = Reproductions.find(id).orElseThrow();
    try (PrintStream out = new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8)) {
      reproduction.run(directory, out);
    }
    Path committed = PAGES.resolve(id + ".md");
    assertThat(committed).as("docs/reproductions/%s.md: write it with `preemptlab reproduce %s"
        + " --out docs/reproductions`", id, id).exists();
    assertThat(Files.readString(directory.resolve(id + ".md")))
        .as("docs/reproductions/%s.md differs from the command's output: regenerate it with"
            + " `preemptlab reproduce %s --out docs/reproductions`", id, id)
        .isEqualTo(Files.readString(committed));
  }
}
