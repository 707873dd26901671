/**
 * Reproductions of published results and reference behaviour: each {@link
 * org.preemptlab.lab.reproduce.Reproduction} runs simulations, compares what it observes with
 * what the source reports, writes tables and charts, and says whether it reproduced. Run them with
 * {@code preemptlab reproduce NAME}.
 */
package org.preemptlab.lab.reproduce;
