/**
 * The {@code preemptlab} command line: {@code demo}, {@code run}, {@code sweep}, {@code list},
 * {@code reproduce}, {@code drm-scenario} and {@code bench}.
 * User mistakes end with one line on standard error and exit code 2; a failed run (a plugin that
 * breaks) with exit code 1; never a stack trace.
 */
package org.preemptlab.runner.cli;
