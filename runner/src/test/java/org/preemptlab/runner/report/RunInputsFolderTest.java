package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;

class RunInputsFolderTest {
  @Test
  void aProfileGivenAsAFolderIsCopiedWholeAndHashedOverItsFiles(@TempDir Path tmp)
      throws IOException {
    Path profile = Files.createDirectories(tmp.resolve("vidur/h100"));
    Files.writeString(profile.resolve("mlp.csv"), "a,b\n1,2\n");
    Files.createDirectories(profile.resolve("sub"));
    Files.writeString(profile.resolve("sub/attention.csv"), "c\n3\n");
    PluginChoice server = new PluginChoice("llm-serving", Map.of("profile-file", profile.toString()));
    RunConfig config = RunConfig.defaults().withApplications(List.of(server));
    Path out = tmp.resolve("out");

    RunInputs.Resolved resolved = RunInputs.resolve(config, Map.of(),
        List.of(server.parameters()), out);

    String copy = "inputs/applications-0.profile-file-h100";
    assertThat(resolved.config().applications().get(0).parameters())
        .containsEntry("profile-file", copy);
    assertThat(out.resolve(copy + "/mlp.csv")).hasContent("a,b\n1,2");
    assertThat(out.resolve(copy + "/sub/attention.csv")).hasContent("c\n3");
    RunInputs.Input input = resolved.inputs().get(0);
    assertThat(input.bytes()).isEqualTo(12);
    assertThat(input.sha256()).hasSize(64);
    Files.writeString(profile.resolve("sub/attention.csv"), "c\n4\n"); // one file changes
    assertThat(RunInputs.resolve(config, Map.of(), List.of(server.parameters()), tmp.resolve("o2"))
        .inputs().get(0).sha256()).isNotEqualTo(input.sha256());
  }
}
