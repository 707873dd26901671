package org.preemptlab.runner.experiment.example;

// doc:begin
import java.util.List;
import java.util.random.RandomGenerator;
import org.preemptlab.api.Limits;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/** A client that sends a request, waits for the answer, thinks, and sends the next one. */
public final class ThinkingClientProvider implements ApplicationProvider {
  @Override
  public String id() {
    return "thinking-client";
  }

  @Override
  public String description() {
    return "Sends a request; after each answer thinks for an exponential time, then sends again";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.integer("requests", 20, 1, 100_000, "requests", "Requests to send"),
        ParameterSpec.duration("think", 200_000, 0, Limits.MAX_DURATION_NS, "Mean think time"));
  }

  @Override
  public Application create(PluginContext context) {
    int requests = context.parameters().getInt("requests");
    long meanThinkNs = context.parameters().getDurationNs("think");
    RandomGenerator random = context.random(); // its own stream, split from the run's seed
    Kernel request = new Kernel("request", 66, 128, 32, 0, true, // an illustrative shape
        BlockProgram.uniform(20_000, 32, 0), new BlockTiming.Exact());
    return new Application() {
      private int sent;

      @Override
      public ApplicationResources resources() {
        return ApplicationResources.oneQueue("client", Priority.HIGH);
      }

      @Override
      public void start(ApplicationContext app) {
        send(app);
      }

      @Override
      public void onJobFinished(FinishedJob answer, ApplicationContext app) {
        if (sent < requests) { // think, then send the next request
          long think = (long) (-Math.log(1 - random.nextDouble()) * meanThinkNs);
          app.wakeAt(app.nowNs() + think);
        }
      }

      @Override
      public void onWakeUp(ApplicationContext app) {
        send(app);
      }

      private void send(ApplicationContext app) {
        sent++;
        app.submit("client", request);
      }
    };
  }
}
// doc:end
