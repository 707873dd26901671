/**
 * Small stand-ins for the bundled plugins that a test needs only as "some policy, some
 * preemption-point strategy, some context save": {@link org.preemptlab.testkit.doubles.FifoDouble
 * fifo}, {@link org.preemptlab.testkit.doubles.PriorityDouble priority}, {@link
 * org.preemptlab.testkit.doubles.BlockBoundaryDouble block-boundary}, {@link
 * org.preemptlab.testkit.doubles.InstructionLevelDouble instruction-level} (native hardware
 * preemption), {@link org.preemptlab.testkit.doubles.FullSaveDouble full} and {@link
 * org.preemptlab.testkit.doubles.LivenessSaveDouble liveness}. Each decides exactly as the bundled
 * plugin of that id with its default parameters, in a few lines and without its parameters, so
 * the engine's tests and the test kit's defaults need no plugin module (the plugin modules test
 * themselves on the engine through the kit, so the kit cannot depend on them).
 *
 * <p>That each double and its bundled plugin decide alike is checked where both are on the class
 * path: the policies' in the {@code policies} module's tests, the strategies' and saves' in the
 * {@code plugins} module's ({@code DoublesMatchBundled...Test}).
 */
package org.preemptlab.testkit.doubles;
