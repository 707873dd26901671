/** Tests of the policy library's defining behaviours against the real engine. */
package org.preemptlab.runner.policies;
