/**
 * The {@code training-loop} application: iterations of forward, backward and optimizer kernels on
 * one CUDA-stream-like queue, each iteration submitted when the previous one's optimizer step
 * finishes; reports iteration time and samples per second.
 */
package org.preemptlab.applications.training;
