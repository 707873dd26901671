package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;

/**
 * Renders a sweep's {@code summary.html} in headless Chromium (Debian's {@code chromium} package,
 * which {@code .ci/run} installs) and checks that it loads without errors and shows its tables and
 * charts. A probe page opens the summary in a frame, waits for it, counts its tables and images,
 * and writes which images failed to load; {@code --dump-dom} returns that text.
 *
 * <p>Where the environment variable {@code CI} is set, Chromium must be there; elsewhere the test
 * is skipped when it is not installed.
 */
@Tag("browser")
@Tag("slow")
class SummaryBrowserTest {
  private static final String PROBE = """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><title>probe</title></head>
      <body><pre id="result">pending</pre>
      <iframe id="page" src="summary.html" width="1200" height="800"></iframe>
      <script>
      const frame = document.getElementById('page');
      frame.addEventListener('load', () => {
        const doc = frame.contentDocument;
        const images = Array.from(doc.images);
        const broken = images.filter(i => !(i.complete && i.naturalWidth > 0))
            .map(i => i.getAttribute('src'));
        const rows = doc.querySelectorAll('table tr').length;
        document.getElementById('result').textContent = 'RESULT title=' + doc.title
            + ' tables=' + doc.querySelectorAll('table').length + ' rows=' + rows
            + ' images=' + images.length + ' broken=[' + broken.join(' ') + ']';
      });
      </script></body></html>
      """;

  static Optional<Path> chromium() {
    for (String name : List.of("chromium", "chromium-browser")) {
      for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  @Test
  void theSummaryPageLoadsInChromiumAndShowsEveryTableAndChart(@TempDir Path dir)
      throws Exception {
    Optional<Path> chromium = chromium();
    if (System.getenv("CI") == null) {
      assumeThat(chromium).as("chromium is not installed (.ci/run installs it; set CI to "
          + "require it)").isPresent();
    }
    assertThat(chromium).as("CI is set, so chromium must be installed (.ci/run: apt-get install "
        + "-y chromium)").isPresent();
    Path out = dir.resolve("sweep");
    Path config = Files.writeString(dir.resolve("sweep.yaml"), SummaryBrowserTestSweep.YAML);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, o).run("sweep", "--config", config.toString(), "--out", out.toString(),
          "--jobs", "2");
    }
    assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    Files.writeString(out.resolve("probe.html"), PROBE);

    Process browser = new ProcessBuilder(chromium.orElseThrow().toString(), "--headless",
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--user-data-dir=" + dir.resolve("profile"), "--allow-file-access-from-files",
        "--virtual-time-budget=10000", "--enable-logging=stderr", "--v=0", "--dump-dom",
        out.resolve("probe.html").toUri().toString())
        .redirectError(dir.resolve("chromium.log").toFile()).start();
    String dom = new String(browser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(browser.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    String log = Files.readString(dir.resolve("chromium.log"));

    Matcher m = Pattern.compile("RESULT title=(.*?) tables=(\\d+) rows=(\\d+) images=(\\d+) "
        + "broken=\\[(.*?)]").matcher(dom);
    assertThat(m.find()).as("the probe's result in the DOM:\n" + dom + "\nlog:\n" + log).isTrue();
    int charts;
    try (Stream<Path> files = Files.list(out.resolve("charts"))) {
      charts = (int) files.filter(f -> f.toString().endsWith(".svg")).count();
    }
    assertThat(m.group(1)).isEqualTo("Sweep browser");
    assertThat(Integer.parseInt(m.group(2))).as("tables").isEqualTo(3);
    assertThat(Integer.parseInt(m.group(3))).as("rows: header and 4 configurations each")
        .isEqualTo(3 * 5);
    assertThat(Integer.parseInt(m.group(4))).as("images: every chart").isEqualTo(charts)
        .as("3 metric bars, 2 queue CDFs and the sweep file's trade-off").isEqualTo(3 + 2 + 1);
    assertThat(m.group(5)).as("images that failed to load").isEmpty();
    List<String> errors = new ArrayList<>();
    log.lines().filter(l -> l.contains("Uncaught") || l.contains("ERR_FILE_NOT_FOUND")
        || l.contains("Failed to load")).forEach(errors::add);
    assertThat(errors).as("errors chromium logged").isEmpty();
  }
}
