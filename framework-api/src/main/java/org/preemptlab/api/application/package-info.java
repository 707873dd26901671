/**
 * Applications: workload parts that decide what to submit from what has finished (an LLM server
 * batching each iteration from the requests still running, a training loop submitting its next
 * iteration). An {@link org.preemptlab.api.application.Application} declares its contexts and
 * queues before the run and submits jobs to them while the run goes on, through the {@link
 * org.preemptlab.api.application.ApplicationContext} the engine hands it; open-loop traces and
 * synthetic generators are the applications that never react.
 */
package org.preemptlab.api.application;
