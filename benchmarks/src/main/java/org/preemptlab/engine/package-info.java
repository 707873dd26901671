/**
 * JMH microbenchmarks of the engine's package-private hot-path parts: the event heap and block
 * placement. They live in the engine's package to reach those classes; run them from the
 * {@code benchmarks} module's jar (see docs/performance.md).
 */
package org.preemptlab.engine;
