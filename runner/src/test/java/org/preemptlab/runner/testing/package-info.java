/** Test fixtures shared by the runner's test packages. */
package org.preemptlab.runner.testing;
