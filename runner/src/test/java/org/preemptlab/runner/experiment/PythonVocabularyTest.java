package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * {@code python/preemptlab_results/vocabulary.json} is what the registry declares today: every
 * built-in metric's title, stored unit and direction, every shipped plugin's declared metrics, and
 * the unit of every shipped plugin parameter, and the words of the varied keys, so that the Python
 * figures title their axes in the registry's words with units instead of raw keys, exactly as the
 * Java charts do ({@link Vocabulary}, their one source). Regenerate it with this class's {@code
 * main} (run from {@code runner/}, as Maven runs the tests).
 */
class PythonVocabularyTest {
  static final Path FILE = Path.of("..", "python", "preemptlab_results", "vocabulary.json");

  static String vocabulary() {
    return Vocabulary.of(PluginRegistry.discover(Optional.empty())).json();
  }

  @Test
  void thePythonVocabularyIsWhatTheRegistryDeclares() throws IOException {
    String now = vocabulary();
    assertThat(now).contains("\"turnaround-p99\"").contains("\"arrival-rate\" : \"requests/s\"");
    assertThat(Files.readString(FILE, StandardCharsets.UTF_8))
        .as("python/preemptlab_results/vocabulary.json is stale: run PythonVocabularyTest.main")
        .isEqualTo(now);
  }

  /** Writes the file. */
  public static void main(String[] args) throws IOException {
    Files.writeString(FILE, vocabulary(), StandardCharsets.UTF_8);
  }
}
