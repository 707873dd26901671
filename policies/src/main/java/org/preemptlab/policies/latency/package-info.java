/**
 * Priority with a latency bound: XSched's highest priority first over queues ({@code hpf}, Shen et
 * al., OSDI'25, §7.2; XpuOS/xsched {@code sched/src/policy/hpf.cpp}) and Tally's bounded
 * preemption latency for high-priority work ({@code bounded-latency}, Zhao, Jayarajan and Pekhimenko, ASPLOS
 * 2025; tally-project/tally, {@code PRIORITY_MAX_ALLOWED_PREEMPTION_LATENCY_MS}).
 */
package org.preemptlab.policies.latency;
