package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one way input files are opened: regular files only, compressed ones bounded. */
class InputFilesTest {
  private static byte[] gzip(byte[] chunk, int times) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      for (int i = 0; i < times; i++) {
        out.write(chunk);
      }
    }
    return bytes.toByteArray();
  }

  private static long drain(InputStream in) throws IOException {
    byte[] buffer = new byte[1 << 16];
    long total = 0;
    for (int n; (n = in.read(buffer)) >= 0; ) {
      total += n;
    }
    return total;
  }

  @Test
  void aGzipOfBlankSpaceIsRefusedOnceItInflatesTwoHundredTimesPast64MiB(@TempDir Path dir)
      throws IOException {
    Path bomb = dir.resolve("bomb.json.gz");
    Files.write(bomb, gzip(" ".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII), 80));

    try (InputStream in = InputFiles.open(bomb, "trace file")) {
      assertThatThrownBy(() -> drain(in))
          .isInstanceOf(ConfigurationException.class)
          .hasMessage("bomb.json.gz: inflates to more than 64 MiB, over 200 times its "
              + "compressed size (a trace or table compresses 5 to 30 times; long runs of one "
              + "character such as blank space do not belong in an input)");
    }
  }

  @Test
  void aGzipOfOrdinaryTextInflatesWhole(@TempDir Path dir) throws IOException {
    Path text = dir.resolve("rows.csv.gz");
    Files.write(text, gzip("kernel,1,2,3\n".getBytes(StandardCharsets.US_ASCII), 1000));

    try (InputStream in = InputFiles.open(text, "trace file")) {
      assertThat(drain(in)).isEqualTo(13_000);
    }
  }

  @Test
  void aFifoIsRefusedBeforeItCanBlockTheReader(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("requests.csv");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      mkfifo = null;
    }
    Assumptions.assumeTrue(mkfifo != null && mkfifo.waitFor() == 0, "mkfifo is available");

    assertThatThrownBy(() -> InputFiles.readText(fifo, "request trace", 1 << 20))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("requests.csv: not a regular file (a directory, FIFO or device); give the "
            + "path of a request trace");
    assertThatThrownBy(() -> InputFiles.open(fifo, "trace file"))
        .hasMessageContaining("not a regular file");
  }
}
