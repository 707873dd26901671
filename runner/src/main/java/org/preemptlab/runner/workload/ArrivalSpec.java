package org.preemptlab.runner.workload;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Arrays;
import java.util.List;

/**
 * How a queue's jobs arrive. In YAML the {@code process} key picks the kind: {@code poisson},
 * {@code periodic} or {@code closed-loop}. Every kind has an optional {@code start} (default 0): no
 * job of the queue is submitted before it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "process")
@com.fasterxml.jackson.annotation.JsonClassDescription("arrival process")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ArrivalSpec.Poisson.class, name = "poisson"),
    @JsonSubTypes.Type(value = ArrivalSpec.Periodic.class, name = "periodic"),
    @JsonSubTypes.Type(value = ArrivalSpec.ClosedLoop.class, name = "closed-loop")})
public sealed interface ArrivalSpec {

  /** The names of the arrival processes, as written after {@code process:}. */
  static List<String> names() {
    return Arrays.stream(ArrivalSpec.class.getAnnotation(JsonSubTypes.class).value())
        .map(JsonSubTypes.Type::name).sorted().toList();
  }

  /** The earliest submission time, in ns. */
  long startNs();

  /**
   * An open-loop Poisson process: exponential inter-arrival times with the given mean; the first
   * job arrives one such gap after {@code start}.
   *
   * @param meanInterval mean time between submissions in ns, > 0
   * @param start the earliest submission in ns, or null for 0
   */
  record Poisson(
      @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long meanInterval,
      @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long start)
      implements ArrivalSpec {
    /** Validates the fields. */
    public Poisson {
      SpecViolation.required(meanInterval, "mean-interval");
      SpecViolation.check(meanInterval > 0, "mean-interval", "must be > 0 ns");
      start = start == null ? 0L : start;
    }

    @Override
    public long startNs() {
      return start;
    }
  }

  /**
   * An open-loop periodic process: job {@code k} is submitted at {@code start + k * period +
   * u * jitter * period} with {@code u} uniform in [0, 1), so each job stays within its own period.
   *
   * @param period time between submissions in ns, > 0
   * @param jitter relative jitter in [0, 1), or null for 0 (exactly periodic)
   * @param start the first submission in ns, or null for 0
   */
  record Periodic(
      @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long period,
      Double jitter,
      @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long start)
      implements ArrivalSpec {
    /** Validates the fields. */
    public Periodic {
      SpecViolation.required(period, "period");
      SpecViolation.check(period > 0, "period", "must be > 0 ns");
      jitter = jitter == null ? 0.0 : jitter;
      SpecViolation.check(jitter >= 0 && jitter < 1, "jitter", "must be in [0, 1), got " + jitter);
      start = start == null ? 0L : start;
    }

    @Override
    public long startNs() {
      return start;
    }
  }

  /**
   * A closed loop of clients. Each client submits a burst of {@code burst} jobs at {@code start},
   * and each later burst a think time after every job of its previous burst has finished: the jobs
   * depend on the previous burst and carry the think time in {@link
   * org.preemptlab.api.model.Job#thinkTimeNs()}.
   *
   * @param clients independent clients, at least 1 (default 1)
   * @param thinkTime time between a burst finishing and the client's next burst, in ns (default 0)
   * @param burst jobs per cycle and client, at least 1 (default 1)
   * @param start when every client submits its first burst, in ns (default 0)
   */
  record ClosedLoop(
      Integer clients,
      @JsonSerialize(using = SpecSerializers.DurationDistribution.class)
    @JsonDeserialize(using = SpecDeserializers.Durations.class) Distribution thinkTime,
      Integer burst,
      @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long start)
      implements ArrivalSpec {
    /** Validates the fields. */
    public ClosedLoop {
      clients = clients == null ? 1 : clients;
      thinkTime = thinkTime == null ? Distribution.fixed(0) : thinkTime;
      burst = burst == null ? 1 : burst;
      start = start == null ? 0L : start;
      SpecViolation.check(clients >= 1, "clients", "must be >= 1, got " + clients);
      SpecViolation.check(burst >= 1, "burst", "must be >= 1, got " + burst);
      SpecViolation.check(thinkTime.min() >= 0, "think-time", "must be >= 0 ns");
    }

    @Override
    public long startNs() {
      return start;
    }
  }
}
