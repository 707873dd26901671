package org.preemptlab.runner.drm;

/**
 * What a closed-loop client achieved.
 *
 * @param name the client
 * @param entity its entity
 * @param cyclesStarted cycles started
 * @param cyclesCompleted cycles whose last job was done
 * @param jobsFinished jobs that finished (DONE)
 * @param gpuNs GPU time of its finished jobs (their durations)
 * @param cycleMeanUs mean cycle time (first submit to last job done), µs; NaN if none
 * @param cycleP99Us 99th percentile cycle time, µs (nearest rank); NaN if none
 * @param latencyMeanUs mean job latency (submit to done), µs; NaN if none
 * @param latencyP50Us median job latency, µs; NaN if none
 * @param latencyP99Us 99th percentile job latency, µs; NaN if none
 */
public record ClientStats(String name, String entity, int cyclesStarted, int cyclesCompleted,
    int jobsFinished, long gpuNs, double cycleMeanUs, double cycleP99Us, double latencyMeanUs,
    double latencyP50Us, double latencyP99Us) {}
