package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parameter table of each bundled model in docs/hardware-models.md repeats its file: every
 * value line of the file is a row of the model's table, with the same value and source.
 */
class ParameterTablesTest {
  private static final Pattern VALUE_LINE = Pattern.compile("([a-z-]+):\\s*(.*?)\\s+#\\s*(.*)");

  static java.util.List<String> bundled() {
    return BundledFilesTest.indexed();
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void everyValueOfTheFileIsARowOfItsTableWithItsSource(String resource) throws IOException {
    String page = Files.readString(Path.of("..", "docs", "hardware-models.md"));
    String id = resource.replace(".yaml", "");
    int start = page.indexOf("### `" + id + "`");
    assertThat(start).as("a section for %s", id).isNotNegative();
    int end = page.indexOf("\n### ", start + 1);
    String table = page.substring(start, end < 0 ? page.length() : end);
    String text;
    try (InputStream in = ModelFile.class.getResourceAsStream(resource)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (String line : text.lines().toList()) {
      Matcher value = VALUE_LINE.matcher(line);
      if (line.startsWith("#") || line.isBlank() || line.startsWith(ModelFile.DESCRIPTION + ":")
          || !value.matches()) {
        continue;
      }
      String row = "| `" + value.group(1) + "` | " + value.group(2) + " | ";
      assertThat(table).as("the %s table's row of %s", id, value.group(1)).contains(row);
      // the table may word the source more briefly (pointing to the text below), but it starts
      // as the file's does: the same source and kind (a citation, "fit", "assumption")
      int at = table.indexOf(row) + row.length();
      String source = table.substring(at, table.indexOf(" |\n", at));
      String cited = value.group(3);
      assertThat(source).as("the source of %s.%s", id, value.group(1))
          .startsWith(cited.substring(0, Math.min(cited.length(), 15)));
    }
  }
}
