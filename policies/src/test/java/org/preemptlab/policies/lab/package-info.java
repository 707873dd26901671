/**
 * Tests of the policy library's defining behaviours against the real engine ({@code PolicyLab}
 * runs a policy found by id, as the command line finds it), the test kit's fake views and doubles
 * checked against the engine and the bundled policies.
 */
package org.preemptlab.policies.lab;
