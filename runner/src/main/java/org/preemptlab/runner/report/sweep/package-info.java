/**
 * Reports of sweeps: the tidy per-run CSV, the statistics CSV, Markdown, HTML and terminal
 * summaries rendered from the same cells, and XChart charts (PNG and SVG) whose numbers are all
 * in the CSV files too. Everything is written in plan order, never in completion order.
 */
package org.preemptlab.runner.report.sweep;
