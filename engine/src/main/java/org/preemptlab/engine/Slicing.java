package org.preemptlab.engine;

/** What the launcher asks of the time slicer ({@link TimeSlicer}): whether contexts take turns. */
interface Slicing {
  /** Whether contexts take turns on the device (two or more that may not share SMs). */
  boolean slicing();
}
