package org.preemptlab.runner.experiment.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;

class SlurmJobTest {
  private static SlurmJob job(List<Integer> tasks, OptionalInt maxRunning,
      Map<String, String> options) {
    return new SlurmJob("preemptlab-s", 8, tasks, maxRunning, 4, options,
        List.of("module load java/17"), "/opt/java 17/bin/java", "-Xmx2g", "/x/preemptlab.jar",
        Path.of("/home/me/project"), Path.of("/scratch/out/slurm/logs"),
        List.of("--config", "/home/me/project/s.yaml", "--out", "/scratch/out"));
  }

  @Test
  void theArraySpecJoinsConsecutiveTasksIntoRangesAndAddsTheThrottle() {
    assertThat(SlurmJob.arraySpec(List.of(0, 1, 2, 3), OptionalInt.empty())).isEqualTo("0-3");
    assertThat(SlurmJob.arraySpec(List.of(2, 5, 6, 7, 9), OptionalInt.of(16)))
        .isEqualTo("2,5-7,9%16");
    assertThat(SlurmJob.arraySpec(List.of(4), OptionalInt.empty())).isEqualTo("4");
  }

  @Test
  void theArrayScriptRunsOneShardPerTaskWithTheTasksCpusAsThreads() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("partition", "cpu");
    options.put("time", "00:30:00");
    options.put("exclusive", null);

    String script = job(List.of(0, 2, 3), OptionalInt.of(2), options).arrayScript();

    assertThat(script).startsWith("#!/bin/bash\n").contains(
        "#SBATCH --chdir=/home/me/project\n",
        "#SBATCH --job-name=preemptlab-s\n",
        "#SBATCH --array=0,2-3%2\n",
        "#SBATCH --cpus-per-task=4\n",
        "#SBATCH --output=/scratch/out/slurm/logs/shard-%a-job-%A.out\n",
        "#SBATCH --partition=cpu\n#SBATCH --time=00:30:00\n#SBATCH --exclusive\n",
        "set -euo pipefail\nmodule load java/17\n",
        "exec '/opt/java 17/bin/java' -Xmx2g -cp /x/preemptlab.jar "
            + "org.preemptlab.runner.cli.Main sweep \\\n"
            + "    --config /home/me/project/s.yaml \\\n    --out /scratch/out \\\n"
            + "    --shard \"${SLURM_ARRAY_TASK_ID}/8\" \\\n"
            + "    --jobs \"${SLURM_CPUS_PER_TASK:-4}\"\n");
    assertThat(script.indexOf("#SBATCH --partition")).isLessThan(script.indexOf("set -eu"));
  }

  @Test
  void theReportScriptRunsTheReportOnOneCpuWithTheSameOptions() {
    String script = job(List.of(0), OptionalInt.empty(), Map.of("partition", "cpu"))
        .reportScript();

    assertThat(script).contains("#SBATCH --job-name=preemptlab-s-report\n",
        "#SBATCH --cpus-per-task=1\n", "#SBATCH --output=/scratch/out/slurm/logs/report-job-%j"
            + ".out\n", "#SBATCH --partition=cpu\n", "    --out /scratch/out \\\n    --report\n")
        .doesNotContain("--array", "--shard");
  }

  @Test
  void aUsersJobNameAndOutputReplacePreemptLabsOwn() {
    String script = job(List.of(0), OptionalInt.empty(),
        SlurmJob.options(List.of("job-name=mine", "--output=/tmp/%x-%a.out"))).arrayScript();

    assertThat(script).contains("#SBATCH --job-name=mine\n", "#SBATCH --output=/tmp/%x-%a.out\n")
        .doesNotContain("preemptlab-s", "shard-%a-job-%A");
  }

  @Test
  void bothScriptsAreValidShell(@TempDir Path dir) throws IOException, InterruptedException {
    SlurmJob job = job(List.of(1, 2), OptionalInt.of(1), Map.of("mem", "4G"));
    for (String script : List.of(job.arrayScript(), job.reportScript())) {
      Path file = Files.writeString(dir.resolve("s.sh"), script, StandardCharsets.UTF_8);
      Process check = new ProcessBuilder("bash", "-n", file.toString())
          .redirectErrorStream(true).start();
      String out = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(check.waitFor()).as(out).isZero();
    }
  }

  @Test
  void optionsPreemptLabSetsItselfAreRefusedWithWhatToUseInstead() {
    assertThat(SlurmJob.options(List.of("partition=gpu", "--time=1:00:00", "exclusive")))
        .containsEntry("partition", "gpu").containsEntry("time", "1:00:00")
        .containsKey("exclusive");
    assertThatThrownBy(() -> SlurmJob.options(List.of("array=0-3")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--slurm-opt: 'array' is set by PreemptLab; use --shards and --max-running");
    assertThatThrownBy(() -> SlurmJob.options(List.of("cpus-per-task=8")))
        .hasMessageContaining("use --jobs N");
    assertThatThrownBy(() -> SlurmJob.options(List.of("=4G")))
        .hasMessageContaining("expected KEY=VALUE").hasMessageContaining("'=4G'");
  }

  @Test
  void aJobNameIsMadeSafeAndAPathWithSpacesIsRefused() {
    SlurmJob job = new SlurmJob("preemptlab-my sweep/2", 1, List.of(0), OptionalInt.empty(), 1,
        Map.of(), List.of(), "java", "", "/x.jar", Path.of("/w"), Path.of("/o/slurm/logs"),
        List.of());
    assertThat(job.name()).isEqualTo("preemptlab-my-sweep-2");

    assertThatThrownBy(() -> new SlurmJob("n", 1, List.of(0), OptionalInt.empty(), 1, Map.of(),
        List.of(), "java", "", "/x.jar", Path.of("/w"), Path.of("/my results/slurm/logs"),
        List.of())).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'/my results/slurm/logs' holds whitespace");
  }
}
