/**
 * JMH microbenchmarks of the engine's package-private hot-path parts: the event heap and block
 * placement. They live in the engine's package to reach those classes, the one package shared by two
 * modules, on purpose: the JMH module is built only with {@code -Pbenchmarks}, is never on a run's
 * class path, and {@code ArchitectureTest}'s split-package rule covers every other module. Run them
 * from the {@code benchmarks} module's jar (see docs/performance.md).
 */
package org.preemptlab.engine;
