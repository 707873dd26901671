/**
 * The standard benchmark workload of {@code shared/bench/standard-workload.md}, a minimal
 * hand-written baseline event loop over it, and the {@code preemptlab bench} measurement.
 */
package org.preemptlab.runner.bench;
