/**
 * The lab's two commands, {@code preemptlab reproduce} and {@code preemptlab bench}, added to the
 * runner's command line through {@link org.preemptlab.runner.cli.Command}'s service file.
 */
package org.preemptlab.lab.cli;
