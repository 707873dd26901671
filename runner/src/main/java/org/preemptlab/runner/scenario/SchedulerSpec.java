package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import org.preemptlab.api.model.EngineKind;

/**
 * One scheduler ({@code drm_gpu_scheduler}, one per ring) of a scenario.
 *
 * @param name unique name
 * @param engine the ring's engine kind; GRAPHICS by default
 * @param creditLimit {@code credit_limit}; {@code U32_MAX} (the mock's) by default
 * @param timeout the TDR timeout such as {@code 200ms}, or {@code none} (the default)
 * @param hangLimit {@code hang_limit}: karma above it marks a context guilty; 1 (the mock's) by
 *     default
 * @param onTimeout what the driver's {@code timedout_job} does: {@code mock} (the KUnit mock:
 *     reset, or no-hang for DONT_RESET jobs; the default), {@code karma} (increase the job's karma
 *     and resubmit it, or mark its entity guilty and cancel it when karma exceeds the hang limit),
 *     or {@code DEVICE_GONE} (ENODEV: the timer is not re-armed)
 * @param workqueueLatency timing noise, off by default ({@code 0}): how long the scheduler's run
 *     work waits on its workqueue before it runs; {@code drm_sched_run_job_work} dispatches one
 *     job per run and queues itself again, so each dispatch waits this long
 */
public record SchedulerSpec(String name, EngineKind engine, Long creditLimit, String timeout,
    Integer hangLimit, TimeoutHandler onTimeout, String workqueueLatency) {
  /** The shortest TDR timeout: one jiffy at HZ=1000 (drm_sched counts its timeout in jiffies). */
  public static final long MIN_TIMEOUT_NS = 1_000_000;


  /** {@code U32_MAX}, the mock's credit limit. */
  public static final long U32_MAX = 0xFFFF_FFFFL;

  /** A scheduler's answer to a timeout. */
  public enum TimeoutHandler {
    /** The KUnit mock's {@code timedout_job}. */
    MOCK,
    /** Karma, hang limit and resubmission, as a hardware-scheduler driver's recovery. */
    KARMA,
    /** The device is gone ({@code DRM_GPU_SCHED_STAT_ENODEV}). */
    DEVICE_GONE
  }

  /** Fills defaults and checks values. */
  public SchedulerSpec {
    required(name, "name");
    engine = engine == null ? EngineKind.GRAPHICS : engine;
    creditLimit = creditLimit == null ? U32_MAX : creditLimit;
    check(creditLimit >= 1 && creditLimit <= U32_MAX, "credit-limit",
        "must be in [1, 4294967295], got " + creditLimit);
    timeout = timeout == null ? "none" : timeout;
    if (!timeout.equals("none")) {
      // the kernel counts drm_sched timeouts in jiffies: one jiffy, 1 ms at HZ=1000, is the least
      check(Specs.duration(timeout, "timeout", 0) >= MIN_TIMEOUT_NS, "timeout",
          "must be >= 1ms (one jiffy at HZ=1000) or 'none', got '" + timeout + "'");
    }
    hangLimit = hangLimit == null ? 1 : hangLimit;
    check(hangLimit >= 0, "hang-limit", "must be >= 0, got " + hangLimit);
    onTimeout = onTimeout == null ? TimeoutHandler.MOCK : onTimeout;
    workqueueLatency = workqueueLatency == null ? "0" : workqueueLatency;
    Specs.duration(workqueueLatency, "workqueue-latency", 0);
  }

  /** The run work's workqueue latency in ns; 0 when off. */
  public long workqueueLatencyNs() {
    return Specs.duration(workqueueLatency, "workqueue-latency", 0);
  }

  /** The timeout in ns, or -1 for none. */
  public long timeoutNs() {
    return timeout.equals("none") ? -1 : Specs.duration(timeout, "timeout", 0);
  }
}
