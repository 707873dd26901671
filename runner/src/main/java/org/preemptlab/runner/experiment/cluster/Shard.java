package org.preemptlab.runner.experiment.cluster;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;

/**
 * One shard of a sweep split into {@code count} shards, written {@code INDEX/COUNT} with a
 * zero-based index as Slurm numbers array tasks ({@code 0/4} ... {@code 3/4}).
 *
 * @param index which shard, {@code 0 <= index < count}
 * @param count how many shards, at least 1
 */
public record Shard(int index, int count) {
  private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

  /** Checks the range. */
  public Shard {
    checkArgument(count >= 1 && index >= 0 && index < count, "shard %s/%s: need 0 <= index < count",
        index, count);
  }

  /**
   * Reads {@code I/N}.
   *
   * @throws ConfigurationException naming the option and the expected form
   */
  public static Shard parse(String option, String text) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new ConfigurationException(option + ": expected INDEX/COUNT such as 0/4 (index from "
          + "0, as Slurm's SLURM_ARRAY_TASK_ID), got '" + text + "'");
    }
    int index = Integer.parseInt(m.group(1));
    int count = Integer.parseInt(m.group(2));
    if (count < 1 || index >= count) {
      throw new ConfigurationException(option + ": index must be in [0, " + (count - 1)
          + "] for " + count + " shards, got '" + text + "'");
    }
    return new Shard(index, count);
  }

  /** {@code INDEX/COUNT}. */
  @Override
  public String toString() {
    return index + "/" + count;
  }
}
