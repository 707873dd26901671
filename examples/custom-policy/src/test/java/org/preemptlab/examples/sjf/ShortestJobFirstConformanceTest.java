package org.preemptlab.examples.sjf;

import org.preemptlab.testkit.conformance.PolicyConformance;

/** The scheduling-policy contract, from the test kit: one line. */
class ShortestJobFirstConformanceTest extends PolicyConformance<ShortestJobFirstProvider> {}
