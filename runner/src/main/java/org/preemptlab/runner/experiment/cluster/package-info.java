/**
 * Sweeps beyond one machine: a deterministic, cost-balanced partition of a sweep's runs into
 * shards ({@link org.preemptlab.runner.experiment.cluster.Partition}, {@link
 * org.preemptlab.runner.experiment.cluster.Shard}), the cost estimate it balances ({@link
 * org.preemptlab.runner.experiment.cluster.WorkloadSize}), and the Slurm job array that runs one
 * shard per array task followed by a report job ({@link
 * org.preemptlab.runner.experiment.cluster.SlurmJob}, {@link
 * org.preemptlab.runner.experiment.cluster.Slurm}). Shards share the sweep's output directory:
 * every run's result is its own atomically written file, so shards never write the same file.
 * How to use it: {@code docs/cluster.md}.
 */
package org.preemptlab.runner.experiment.cluster;
