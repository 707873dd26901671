/**
 * Tests of policy parameters through the runner's registry and command line; the policies'
 * behaviour on the engine is tested in the {@code policies} module.
 */
package org.preemptlab.runner.policies;
