package org.preemptlab.runner.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's plugin table names every bundled plugin of every kind and has one row per kind
 * (applications and sharing modes among them), so that a plugin added without a word in the
 * README fails the build.
 */
class ReadmePluginTableTest {
  @Test
  void theReadmesPluginTableNamesEveryBundledPluginOfEveryKind() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    String table = readme.substring(readme.indexOf("## Plugins"));
    table = table.substring(0, table.indexOf("\n\n", table.indexOf("|---|")));

    PluginRegistry registry = PluginRegistry.discover(java.util.Optional.empty());

    assertThat(registry.descriptors()).isNotEmpty();
    for (PluginDescriptor plugin : registry.descriptors()) {
      assertThat(table).as("README.md's plugin table, %s %s", plugin.kind(), plugin.id())
          .contains("`" + plugin.id() + "`");
    }
    assertThat(table.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| kind")))
        .hasSize(org.preemptlab.api.PluginKind.values().length);
  }
}
