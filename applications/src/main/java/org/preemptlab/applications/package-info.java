/**
 * Bundled application models (DESIGN.md §3.6): workloads that decide what to submit from what has
 * finished, as plugins of {@link org.preemptlab.api.application.ApplicationProvider}.
 */
package org.preemptlab.applications;
