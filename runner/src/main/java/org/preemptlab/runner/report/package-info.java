/**
 * Reports of runs: aligned text tables for the terminal, and the files a run writes (per-job and
 * per-preemption CSV, per-group CSV, a summary JSON with the resolved configuration and plugin
 * versions). Every number is written in a locale-independent, deterministic format, so the same
 * run gives byte-identical files.
 */
package org.preemptlab.runner.report;
