package ${package};

import org.preemptlab.testkit.conformance.PolicyConformance;

/** The scheduling-policy contract from the test kit, over thousands of random workloads. */
class ${policyClass}ConformanceTest extends PolicyConformance<${policyClass}.Provider> {}
