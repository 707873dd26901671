/**
 * Fairness and share policies: weighted fair sharing by virtual GPU time ({@code fair-share}, after
 * Linux CFS), a multi-level feedback queue ({@code mlfq}, Corbató et al., AFIPS 1962; XSched's
 * MLFQ) and XSched's utilization partition ({@code utilization-partition}, Shen et al., OSDI'25, §7.2).
 * They work on queues (a process, a stream, an XQueue) and read {@link
 * org.preemptlab.api.policy.QueueView}s, so they need an engine with queue views (the SM engine).
 */
package org.preemptlab.policies.share;
