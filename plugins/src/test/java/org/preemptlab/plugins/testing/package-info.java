/**
 * Test support for the plugin tests: fixtures, seeded random block programs and the checker of the
 * preemption-point strategy contract.
 */
package org.preemptlab.plugins.testing;
