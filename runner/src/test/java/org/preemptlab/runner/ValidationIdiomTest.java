package org.preemptlab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps argument validation in one idiom: Guava's {@code Preconditions.checkArgument(cond,
 * "template %s", args)} outside framework-api and its JDK-only twin {@code
 * org.preemptlab.api.Checks} inside it, never a hand-written {@code if (...) { throw new
 * IllegalArgumentException(...); }}. Reads the main sources of every module as text (ArchUnit sees
 * bytecode, where an {@code if} is gone).
 */
class ValidationIdiomTest {

  /** The checks helper itself. */
  private static final String CHECKS = "framework-api/src/main/java/org/preemptlab/api/Checks.java";

  private static final String THROW = "throw new IllegalArgumentException(";

  @Test
  void noMainSourceValidatesWithAHandWrittenIfThrowBlock() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<String> found = new ArrayList<>();
    List<Path> sources = mainSources(root);
    for (Path file : sources) {
      String rel = root.relativize(file).toString().replace('\\', '/');
      if (rel.equals(CHECKS)) {
        continue;
      }
      String text = Files.readString(file);
      for (int at = text.indexOf(THROW); at >= 0; at = text.indexOf(THROW, at + 1)) {
        if (isTheWholeBodyOfAnIf(text, at)) {
          found.add(rel + ":" + (text.substring(0, at).split("\n", -1).length));
        }
      }
    }
    assertThat(sources).as("main sources read from %s", root).hasSizeGreaterThan(100);
    assertThat(found).as("if/throw blocks to write as checkArgument(cond, \"template %%s\", args)")
        .isEmpty();
  }

  @Test
  void theRuleSeesAnIfThrowBlockWithOrWithoutBraces() {
    assertThat(isTheWholeBodyOfAnIf("if (a < 1) {\n  " + THROW + "\"a\");\n}", 14)).isTrue();
    assertThat(isTheWholeBodyOfAnIf("if (f(a) < 1)\n  " + THROW + "\"a\");", 16)).isTrue();
    assertThat(isTheWholeBodyOfAnIf("} catch (X e) {\n  " + THROW + "\"a\", e);", 18)).isFalse();
    assertThat(isTheWholeBodyOfAnIf("default -> " + THROW + "\"a\");", 11)).isFalse();
  }

  /** Whether the throw at {@code at} is the first statement of an {@code if}'s body. */
  private static boolean isTheWholeBodyOfAnIf(String text, int at) {
    int i = skipSpaceBack(text, at - 1);
    if (i >= 0 && text.charAt(i) == '{') {
      i = skipSpaceBack(text, i - 1);
    }
    if (i < 0 || text.charAt(i) != ')') {
      return false;
    }
    int depth = 0;
    for (; i >= 0; i--) {
      char c = text.charAt(i);
      if (c == ')') {
        depth++;
      } else if (c == '(' && --depth == 0) {
        break;
      }
    }
    int end = skipSpaceBack(text, i - 1) + 1;
    return end >= 2 && text.startsWith("if", end - 2)
        && (end == 2 || !Character.isJavaIdentifierPart(text.charAt(end - 3)));
  }

  private static int skipSpaceBack(String text, int i) {
    while (i >= 0 && Character.isWhitespace(text.charAt(i))) {
      i--;
    }
    return i;
  }

  private static List<Path> mainSources(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> f.toString().replace('\\', '/').contains("/src/main/java/"))
          .filter(f -> root.relativize(f).toString().replace('\\', '/').split("/")[0]
              .chars().noneMatch(c -> c == '.'))
          .filter(f -> !f.toString().replace('\\', '/').contains("/target/"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
