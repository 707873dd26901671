package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An output file is written whole under its name, or not at all. */
class WriteNewFileTest {
  @Test
  void theFileAppearsWholeAndNoTemporaryFileStays(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("step.csv");

    OutputPaths.writeNewFile(file, "kernel,grid\n".getBytes());

    assertThat(file).hasContent("kernel,grid");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void aFailedWriteLeavesNoFileOfThatName(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("missing-folder").resolve("step.csv"); // the write fails

    assertThatThrownBy(() -> OutputPaths.writeNewFile(file, new byte[] {1}))
        .isInstanceOf(IOException.class);
    assertThat(file).doesNotExist();
  }

  @Test
  void aFileThatAppearedMeanwhileIsNeverReplaced(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("step.csv"), "theirs");

    assertThatThrownBy(() -> OutputPaths.writeNewFile(file, "ours".getBytes()))
        .isInstanceOf(FileAlreadyExistsException.class);
    assertThat(file).hasContent("theirs");
    assertThat(dir.resolve(".step.csv.partial")).doesNotExist();
  }
}
