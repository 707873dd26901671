/**
 * The standard benchmark workload of {@code docs/standard-workload.md}, a minimal
 * hand-written baseline event loop over it, and the {@code preemptlab bench} measurement.
 */
package org.preemptlab.lab.bench;
