/**
 * An example PreemptLab plugin built outside the main project: the {@code shortest-job-first}
 * scheduling policy. See the project's README and {@code docs/writing-a-plugin.md}.
 */
package org.preemptlab.examples.sjf;
