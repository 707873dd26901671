/**
 * Deadline-driven policies: earliest deadline first ({@code edf}, Liu and Layland, JACM 1973),
 * XSched's EDF over the K earliest ({@code k-edf}, Shen et al., OSDI'25, §8; XpuOS/xsched {@code
 * sched/src/policy/kedf.cpp}) and least laxity first ({@code laxity}, Mok, MIT PhD thesis 1983;
 * XSched's LAX policy). Jobs without a deadline rank after every job with one.
 */
package org.preemptlab.policies.deadline;
