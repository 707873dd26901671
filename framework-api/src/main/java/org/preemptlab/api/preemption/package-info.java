/**
 * The preemption SPIs. When a policy preempts a job, the run's {@link
 * org.preemptlab.api.preemption.PreemptionPointStrategy} decides for every resident block how it
 * gives up its SM (drain, stop at an allowed point and save, or flush), and the {@link
 * org.preemptlab.api.preemption.ContextSaveStrategy} decides how many bytes a stopped block saves
 * and restores. The hardware model turns those bytes into time.
 */
package org.preemptlab.api.preemption;
