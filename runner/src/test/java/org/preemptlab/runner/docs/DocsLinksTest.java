package org.preemptlab.runner.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the READMEs (the project's, python/ and examples/) and the docs (docs/ and
 * its sub-folders) leads somewhere: the
 * file exists, and a {@code #fragment} into a Markdown page names one of its headings as GitHub
 * renders their anchors (lower case, punctuation dropped, spaces as hyphens, a repeated heading
 * numbered {@code -1}, {@code -2}, ...). Links inside fenced code blocks are not links.
 */
class DocsLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"),
        ROOT.resolve("python/README.md"), ROOT.resolve("examples/custom-policy/README.md"),
        ROOT.resolve("examples/sharing-plugin/README.md"), ROOT.resolve("examples/drm/README.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  @Test
  void everyRelativeLinkOfTheDocsFindsItsFileAndHeading() throws IOException {
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      List<String> lines = proseLines(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher link = LINK.matcher(lines.get(i));
        while (link.find()) {
          String target = link.group(1);
          if (target.matches("[a-z]+:.*")) {
            continue; // https:, mailto: and the like
          }
          checked++;
          int hash = target.indexOf('#');
          String file = hash < 0 ? target : target.substring(0, hash);
          Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
          String where = ROOT.relativize(page) + ":" + (i + 1) + ": " + target;
          if (!Files.exists(resolved)) {
            broken.add(where + " (no such file)");
          } else if (hash >= 0 && resolved.toString().endsWith(".md")) {
            Set<String> known = anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf);
            if (!known.contains(target.substring(hash + 1))) {
              broken.add(where + " (no such heading)");
            }
          }
        }
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(200);
    assertThat(broken).as("links of the docs that lead nowhere").isEmpty();
  }

  @Test
  void anchorsFollowGitHubsRule() {
    assertThat(anchor("The H200 measurements and the fits")).isEqualTo("the-h200-measurements-and-the-fits");
    assertThat(anchor("`h200`")).isEqualTo("h200");
    assertThat(anchor("Where each contention and sharing parameter comes from"))
        .isEqualTo("where-each-contention-and-sharing-parameter-comes-from");
    assertThat(anchor("The mechanism-coupled policies: reset-realtime, timeslice, yield"))
        .isEqualTo("the-mechanism-coupled-policies-reset-realtime-timeslice-yield");
    assertThat(anchor("[Vidur](https://example.org) profiles")).isEqualTo("vidur-profiles");
  }

  /** The anchors GitHub gives a page's headings. */
  private static Set<String> anchorsOf(Path page) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : proseLines(page)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String base = anchor(heading.group(1));
        int count = seen.merge(base, 1, Integer::sum);
        anchors.add(count == 1 ? base : base + "-" + (count - 1));
      }
    }
    return anchors;
  }

  static String anchor(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "").replace(' ', '-');
  }

  /** The page's lines with those of fenced code blocks blanked, so numbering stays. */
  private static List<String> proseLines(Path page) {
    List<String> lines;
    try {
      lines = new ArrayList<>(Files.readAllLines(page));
    } catch (IOException e) {
      throw new IllegalStateException(page + ": " + e.getMessage(), e);
    }
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      boolean fence = lines.get(i).stripLeading().startsWith("```");
      if (fence || fenced) {
        lines.set(i, "");
      }
      if (fence) {
        fenced = !fenced;
      }
    }
    return lines;
  }
}
