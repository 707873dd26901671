package org.preemptlab.runner.experiment.cluster;

import static com.google.common.base.Preconditions.checkArgument;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;

/**
 * The two batch scripts of a sweep on Slurm: a job array with one task per shard, each running
 * {@code preemptlab sweep ... --shard $SLURM_ARRAY_TASK_ID/N}, and a report job, submitted to run
 * after the array has ended however its tasks ended ({@code --dependency=afterany}), running
 * {@code preemptlab sweep ... --report}.
 *
 * @param name the job name (characters other than letters, digits, {@code .}, {@code _} and
 *     {@code -} become {@code -}); the report job is called {@code NAME-report}
 * @param shards how many shards the sweep is split into
 * @param tasks the shards to submit, ascending (all of them, or those with unfinished runs)
 * @param maxRunning the most array tasks running at once ({@code %K}), if limited
 * @param cpusPerTask CPUs of each array task; the shard runs this many runs in parallel
 * @param options further {@code sbatch} options, {@code KEY -> VALUE} (a null value for a flag
 *     such as {@code exclusive}), written as {@code #SBATCH --KEY=VALUE} in both scripts
 * @param setup shell lines run before Java starts, e.g. {@code module load java/17}
 * @param java the {@code java} command on the compute nodes
 * @param javaOptions JVM options as written for a shell, e.g. {@code -Xmx4g}; may be empty
 * @param classpath PreemptLab's class path, absolute (a shared file system)
 * @param workDir the directory the tasks run in (relative paths of the sweep resolve there)
 * @param logDir where Slurm writes the tasks' output
 * @param sweepArguments the arguments of {@code preemptlab sweep} every task shares ({@code
 *     --config FILE --out DIR} and the like), already absolute
 */
public record SlurmJob(
    String name,
    int shards,
    List<Integer> tasks,
    OptionalInt maxRunning,
    int cpusPerTask,
    Map<String, String> options,
    List<String> setup,
    String java,
    String javaOptions,
    String classpath,
    Path workDir,
    Path logDir,
    List<String> sweepArguments) {

  /** The class whose {@code main} is the {@code preemptlab} command. */
  public static final String MAIN = "org.preemptlab.runner.cli.Main";

  /** Options PreemptLab sets itself, with what to use instead. */
  private static final Map<String, String> RESERVED = Map.of(
      "array", "--shards and --max-running",
      "dependency", "nothing: the report job depends on the array by itself",
      "parsable", "nothing",
      "wrap", "nothing",
      "cpus-per-task", "--jobs N (the runs a shard runs in parallel)",
      "c", "--jobs N (the runs a shard runs in parallel)");
  private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9-]*");
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./=:,+@%-]+");

  /** Copies and checks. */
  public SlurmJob {
    name = name.replaceAll("[^A-Za-z0-9._-]+", "-");
    tasks = List.copyOf(tasks);
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    setup = List.copyOf(setup);
    sweepArguments = List.copyOf(sweepArguments);
    checkArgument(shards >= 1 && cpusPerTask >= 1, "shards and CPUs per task must be >= 1");
    for (Path path : List.of(workDir, logDir)) {
      if (path.toString().matches(".*\\s.*")) {
        throw new ConfigurationException("'" + path + "' holds whitespace, which an #SBATCH line "
            + "cannot carry; choose an --out directory and a working directory without spaces");
      }
    }
    for (int task : tasks) {
      checkArgument(task >= 0 && task < shards, "task %s of %s shards", task, shards);
    }
  }

  /**
   * Reads {@code --slurm-opt} values: {@code KEY=VALUE} or a bare {@code KEY} for a flag, with or
   * without leading dashes ({@code partition=gpu}, {@code --time=2:00:00}, {@code exclusive}).
   *
   * @throws ConfigurationException for a malformed key or one PreemptLab sets itself
   */
  public static Map<String, String> options(List<String> values) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String value : values) {
      String text = value.strip().replaceFirst("^--?", "");
      int eq = text.indexOf('=');
      String key = eq < 0 ? text : text.substring(0, eq);
      String val = eq < 0 ? null : text.substring(eq + 1);
      if (!KEY.matcher(key).matches()) {
        throw new ConfigurationException("--slurm-opt: expected KEY=VALUE with an sbatch option "
            + "as KEY, e.g. partition=gpu, time=02:00:00, mem=8G; got '" + value + "'");
      }
      if (RESERVED.containsKey(key)) {
        throw new ConfigurationException("--slurm-opt: '" + key + "' is set by PreemptLab; use "
            + RESERVED.get(key));
      }
      if (val != null && val.indexOf('\n') >= 0) {
        throw new ConfigurationException("--slurm-opt: the value of '" + key
            + "' has a line break");
      }
      options.put(key, val);
    }
    return options;
  }

  /**
   * Slurm's {@code --array} value for {@code tasks}: ranges and single indices joined by commas,
   * e.g. {@code 0-15} or {@code 2,5-7}, with {@code %K} when {@code maxRunning} is set.
   */
  public static String arraySpec(List<Integer> tasks, OptionalInt maxRunning) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < tasks.size()) {
      int j = i;
      while (j + 1 < tasks.size() && tasks.get(j + 1) == tasks.get(j) + 1) {
        j++;
      }
      sb.append(sb.length() == 0 ? "" : ",").append(tasks.get(i));
      if (j > i) {
        sb.append('-').append(tasks.get(j));
      }
      i = j + 1;
    }
    maxRunning.ifPresent(k -> sb.append('%').append(k));
    return sb.toString();
  }

  /** The job array's batch script: one shard per task. */
  public String arrayScript() {
    List<String> lines = header("array: one shard of " + shards + " per task");
    if (!options.containsKey("job-name") && !options.containsKey("J")) {
      lines.add("#SBATCH --job-name=" + name);
    }
    lines.add("#SBATCH --array=" + arraySpec(tasks, maxRunning));
    lines.add("#SBATCH --cpus-per-task=" + cpusPerTask);
    if (!options.containsKey("output") && !options.containsKey("o")) {
      lines.add("#SBATCH --output=" + logDir.resolve("shard-%a-job-%A.out"));
    }
    List<String> command = new ArrayList<>(sweepArguments);
    command.add("--shard");
    command.add("${SLURM_ARRAY_TASK_ID}/" + shards);
    command.add("--jobs");
    command.add("${SLURM_CPUS_PER_TASK:-" + cpusPerTask + "}");
    return body(lines, command);
  }

  /** The report job's batch script: results, statistics and charts from every result file. */
  public String reportScript() {
    List<String> lines = header("report: results.csv, statistics and charts once the array "
        + "has ended");
    if (!options.containsKey("job-name") && !options.containsKey("J")) {
      lines.add("#SBATCH --job-name=" + name + "-report");
    }
    lines.add("#SBATCH --cpus-per-task=1");
    if (!options.containsKey("output") && !options.containsKey("o")) {
      lines.add("#SBATCH --output=" + logDir.resolve("report-job-%j.out"));
    }
    List<String> command = new ArrayList<>(sweepArguments);
    command.add("--report");
    return body(lines, command);
  }

  private List<String> header(String what) {
    List<String> lines = new ArrayList<>();
    lines.add("#!/bin/bash");
    lines.add("# PreemptLab sweep on Slurm, " + what + ".");
    lines.add("# Written by 'preemptlab sweep --slurm'; submitting that command again re-runs "
        + "only unfinished runs (docs/cluster.md).");
    lines.add("#SBATCH --chdir=" + workDir);
    return lines;
  }

  private String body(List<String> lines, List<String> arguments) {
    options.forEach((key, value) -> lines.add("#SBATCH " + (key.length() == 1 ? "-" : "--")
        + key + (value == null ? "" : (key.length() == 1 ? " " : "=") + value)));
    lines.add("set -euo pipefail");
    lines.addAll(setup);
    StringBuilder command = new StringBuilder("exec ").append(quote(java));
    if (!javaOptions.isBlank()) {
      command.append(' ').append(javaOptions.strip());
    }
    command.append(" -cp ").append(quote(classpath)).append(' ').append(MAIN).append(" sweep");
    for (String argument : arguments) {
      command.append(argument.startsWith("--") ? " \\\n    " : " ")
          .append(argument.contains("${SLURM") ? "\"" + argument + "\"" : quote(argument));
    }
    lines.add(command.toString());
    return String.join("\n", lines) + "\n";
  }

  /** The word as a POSIX shell reads it back: as is when safe, otherwise in single quotes. */
  static String quote(String word) {
    if (SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
