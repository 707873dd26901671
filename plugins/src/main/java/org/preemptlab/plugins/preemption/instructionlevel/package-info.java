/**
 * The {@code instruction-level} preemption strategy: native hardware preemption that stops at the
 * next safe point, or compiler-inserted software checks ({@link
 * org.preemptlab.plugins.preemption.instructionlevel.SoftwareChecks}, placed as {@link
 * org.preemptlab.plugins.preemption.instructionlevel.CheckPlacement} says) that cost cycles per
 * check and stop at the first safe one. See {@code docs/preemption.md} for the cost model.
 */
package org.preemptlab.plugins.preemption.instructionlevel;
