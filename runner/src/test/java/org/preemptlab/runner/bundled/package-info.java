/**
 * Tests that need every bundled plugin at once (a differential test over every policy, strategy
 * and save), which only the runner's class path carries; a plugin's own behaviour on the engine is
 * tested in its module.
 */
package org.preemptlab.runner.bundled;
