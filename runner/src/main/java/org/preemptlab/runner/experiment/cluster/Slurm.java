package org.preemptlab.runner.experiment.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.preemptlab.api.ConfigurationException;

/**
 * What PreemptLab asks of Slurm: submit a batch script, and tell which of some jobs are still
 * queued or running. {@link #commands()} runs Slurm's own {@code sbatch} and {@code squeue}.
 */
public interface Slurm {

  /**
   * Submits {@code script} with further {@code sbatch} options and returns the job id.
   *
   * @throws ConfigurationException when Slurm refuses it, with Slurm's message
   */
  String submit(Path script, List<String> sbatchOptions);

  /** Those of {@code jobIds} (array job ids or plain job ids) still pending or running. */
  Set<String> active(Set<String> jobIds);

  /** Slurm through its command-line tools on {@code PATH}. */
  static Slurm commands() {
    return new Slurm() {
      @Override
      public String submit(Path script, List<String> sbatchOptions) {
        List<String> command = new ArrayList<>(List.of("sbatch", "--parsable"));
        command.addAll(sbatchOptions);
        command.add(script.toString());
        String out = run(command).strip();
        String id = out.lines().reduce((a, b) -> b).orElse("").split(";")[0].strip();
        if (!id.matches("\\d+")) {
          throw new ConfigurationException("sbatch answered '" + out + "' instead of a job id");
        }
        return id;
      }

      @Override
      public Set<String> active(Set<String> jobIds) {
        Set<String> active = new TreeSet<>();
        if (jobIds.isEmpty()) {
          return active;
        }
        String out = run(List.of("squeue", "--noheader", "--format=%F",
            "--states=PENDING,RUNNING,SUSPENDED,COMPLETING,CONFIGURING,REQUEUED,RESIZING"));
        out.lines().map(String::strip).filter(jobIds::contains).forEach(active::add);
        return active;
      }
    };
  }

  private static String run(List<String> command) {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new ConfigurationException(command.get(0) + " not found (" + e.getMessage()
          + "); run this on a Slurm login node, or pass --dry-run to write the batch scripts "
          + "only");
    }
    try {
      process.getOutputStream().close();
      byte[] bytes = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new ConfigurationException(String.join(" ", command) + " did not answer in 60 s");
      }
      String out = new String(bytes, StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        throw new ConfigurationException(command.get(0) + " failed (exit " + process.exitValue()
            + "): " + out.strip().replaceAll("\\s*\\R\\s*", " "));
      }
      return out;
    } catch (IOException e) {
      throw new ConfigurationException("cannot read the answer of " + command.get(0) + ": "
          + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConfigurationException("interrupted while waiting for " + command.get(0));
    }
  }
}
