package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.testkit.ApplicationDriver;
import org.preemptlab.testkit.ApplicationDriver.Submission;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/**
 * The application contract (DESIGN §3.6): an application submits only to the queues it declared,
 * never asks for a wake-up in the past, submits kernels whose blocks fit an SM, does not submit
 * without end at one instant, and, created twice from the same parameters and seed and shown the
 * same finishes, submits the same jobs at the same times.
 *
 * <pre>{@code
 * class MyServerConformanceTest extends ApplicationConformance<MyServerProvider> {}
 * }</pre>
 *
 * <p>The checks drive each application with an {@link ApplicationDriver} on an idealised device
 * ({@link #device()}; {@link ApplicationDriver#runOnIdealDevice}). The drive ends at {@link #horizonNs()} or after {@link
 * #maxSubmissions()} jobs. These are the rules, not the timing: run the application on the real
 * engine ({@code PluginTestKit.application}) to test its results.
 *
 * @param <P> the provider of the application under test
 */
public abstract class ApplicationConformance<P extends ApplicationProvider> {

  /** The provider under test: by default a new instance of the type argument. */
  protected P provider() {
    return Providers.of(this, ApplicationConformance.class);
  }

  /** The parameter values to check, one map per configuration; defaults only by default. */
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of());
  }

  /** The device the application's kernels must fit; a GTX 1080's SMs by default. */
  protected DeviceSpec device() {
    return TestDevices.PASCAL;
  }

  /** Where the drive stops, in simulated ns; 1 s by default. */
  protected long horizonNs() {
    return 1_000_000_000L;
  }

  /** The most jobs a drive lets the application submit; 20,000 by default. */
  protected int maxSubmissions() {
    return 20_000;
  }

  /** The most jobs submitted at one instant before the drive calls it a loop; 10,000. */
  protected int maxSubmissionsAtOneInstant() {
    return 10_000;
  }

  /** The provider describes itself: a kebab-case id, a description, parameters declared once. */
  @TestFactory
  Stream<DynamicTest> describesItself() {
    return Stream.of(DynamicTest.dynamicTest("provider", () -> ProviderChecks.check(provider())));
  }

  /**
   * Driven to the horizon, the application keeps the engine's rules (its own queues, no wake-up in
   * the past, blocks that fit) and submits something.
   */
  @TestFactory
  Stream<DynamicTest> keepsTheEnginesRulesWhenDriven() {
    P provider = provider();
    return Configurations.each("rules", provider, parameterSets(), parameters -> {
      List<String> log = drive(provider, parameters);
      assertThat(log).as("jobs %s %s submitted on an idealised %s", provider.id(), parameters,
          device().name()).isNotEmpty();
    });
  }

  /** Two instances from the same parameters and seed, shown the same finishes, submit alike. */
  @TestFactory
  Stream<DynamicTest> submitsTheSameJobsForTheSameParametersAndSeed() {
    P provider = provider();
    return Configurations.each("deterministic", provider, parameterSets(), parameters ->
        assertThat(drive(provider, parameters)).as("second run of %s %s", provider.id(),
            parameters).isEqualTo(drive(provider, parameters)));
  }

  /**
   * Drives a fresh instance to the horizon; returns one line per submitted job: its time, queue and
   * kernel (name, shape, program length and DRAM bytes).
   */
  private List<String> drive(P provider, Map<String, String> parameters) {
    DeviceSpec device = device();
    Application application = TestPlugins.create(provider, device, parameters);
    ApplicationDriver driver = ApplicationDriver.of(application, device)
        .limitPerInstant(maxSubmissionsAtOneInstant());
    try {
      driver.runOnIdealDevice(horizonNs(), maxSubmissions());
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new AssertionError(provider.id() + " " + parameters
          + " broke a rule of the engine: " + e.getMessage(), e);
    }
    List<String> log = new ArrayList<>();
    for (Submission job : driver.submitted()) {
      Kernel k = job.kernel();
      log.add(job.submitNs() + " " + job.queueId() + " " + k.name() + " grid " + k.gridBlocks()
          + " threads " + k.threadsPerBlock() + " registers " + k.registersPerThread()
          + " shared " + k.sharedMemoryPerBlock() + " program " + k.program().durationNs()
          + " ns " + k.program().dramBytes() + " B deadline " + job.request().deadlineNs());
    }
    return log;
  }
}
