package org.preemptlab.testkit;

import java.util.Objects;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;

/**
 * Queues for tests: {@code TestQueues.queue("video")} is a NORMAL, weight-1, non-serial compute
 * queue of context {@code "ctx"}; {@code TestQueues.builder("video").priority(HIGH).build()}
 * changes what it names.
 */
public final class TestQueues {
  /** The context of queues that name none. */
  public static final String CONTEXT = "ctx";

  private TestQueues() {}

  /** A NORMAL-priority compute queue of context {@value #CONTEXT}. */
  public static JobQueue queue(String id) {
    return builder(id).build();
  }

  /** A compute queue of the given priority in context {@value #CONTEXT}. */
  public static JobQueue queue(String id, Priority priority) {
    return builder(id).priority(priority).build();
  }

  /** A builder starting from {@link #queue(String)}. */
  public static Builder builder(String id) {
    return new Builder(id);
  }

  /** Builds a {@link JobQueue}; every setter returns the builder. */
  public static final class Builder {
    private final String id;
    private String context = CONTEXT;
    private Priority priority = Priority.NORMAL;
    private int weight = 1;
    private EngineKind engine = EngineKind.COMPUTE;
    private boolean serial;

    private Builder(String id) {
      this.id = Objects.requireNonNull(id, "id");
    }

    /** The context the queue belongs to. */
    public Builder context(String value) {
      context = value;
      return this;
    }

    /** The queue's priority. */
    public Builder priority(Priority value) {
      priority = value;
      return this;
    }

    /** The queue's weight, at least 1. */
    public Builder weight(int value) {
      weight = value;
      return this;
    }

    /** The engine kind the queue's jobs run on. */
    public Builder engine(EngineKind value) {
      engine = value;
      return this;
    }

    /** Each job waits for the previous one of the queue to finish (CUDA stream semantics). */
    public Builder serial() {
      serial = true;
      return this;
    }

    /** The queue. */
    public JobQueue build() {
      return new JobQueue(id, context, priority, weight, engine, serial);
    }
  }
}
