package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Requests of a Poisson process: exponential inter-arrival times of mean {@code 1 / rate}, and
 * prompt and output lengths drawn from one of three distributions of a given mean, each request
 * drawing in a fixed order (gap, prompt, output) from the application's own random stream.
 *
 * <ul>
 *   <li>{@code fixed}: every request has the mean.
 *   <li>{@code uniform}: uniform on {@code [1, 2 * mean - 1]} (mean {@code mean}).
 *   <li>{@code exponential}: {@code 1 + round(E)} with {@code E} exponential of mean {@code mean -
 *       1}; its mean is {@code 1 + 1 / (2 sinh(1 / (2 (mean - 1))))}, within {@code 1 / (24 (mean
 *       - 1))} of {@code mean}.
 * </ul>
 *
 * <p>A prompt is capped at {@code maxModelLen - 1} tokens and the output at what the prompt leaves
 * of {@code maxModelLen}, as a server caps a request at its model's context length.
 */
final class PoissonRequests {

  /** How lengths are distributed. */
  enum Lengths {
    FIXED, UNIFORM, EXPONENTIAL;

    String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final RandomGenerator random;
  private final double ratePerNs;
  private final int promptMean;
  private final int outputMean;
  private final Lengths lengths;
  private final int maxModelLen;
  private double clockNs;
  private int drawn;

  PoissonRequests(RandomGenerator random, double ratePerSecond, int promptMean, int outputMean,
      Lengths lengths, int maxModelLen) {
    checkArgument(ratePerSecond > 0 && promptMean >= 1 && outputMean >= 1 && maxModelLen >= 2,
        "invalid Poisson request parameters");
    this.random = random;
    this.ratePerNs = ratePerSecond / 1e9;
    this.promptMean = promptMean;
    this.outputMean = outputMean;
    this.lengths = lengths;
    this.maxModelLen = maxModelLen;
  }

  /** The next request. */
  RequestSpec next() {
    clockNs += -Math.log(1 - random.nextDouble()) / ratePerNs;
    int prompt = Math.min(draw(promptMean), maxModelLen - 1);
    int output = Math.min(draw(outputMean), maxModelLen - prompt);
    drawn++;
    return new RequestSpec(Math.round(clockNs), prompt, output, "poisson request " + drawn);
  }

  private int draw(int mean) {
    double u = random.nextDouble();
    long value = switch (lengths) {
      case FIXED -> mean;
      case UNIFORM -> 1 + (long) Math.floor(u * (2L * mean - 1));
      case EXPONENTIAL -> 1 + Math.round(-Math.log(1 - u) * (mean - 1));
    };
    return (int) Math.min(Integer.MAX_VALUE, Math.max(1, value));
  }
}
