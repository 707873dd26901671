/**
 * Size- and service-based policies: shortest remaining processing time ({@code srpt}, Schrage,
 * Operations Research 16(3), 1968) and least attained service ({@code las}, also called
 * foreground-background; Rai, Urvoy-Keller and Biersack, SIGMETRICS 2003). Both rank block
 * placement, so a short or new job overtakes a long one at the next free SM slot.
 */
package org.preemptlab.policies.size;
