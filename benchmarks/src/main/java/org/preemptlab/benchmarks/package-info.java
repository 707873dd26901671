/** JMH microbenchmarks of plugins as the engine drives them: a scheduling policy's decision. */
package org.preemptlab.benchmarks;
