package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class StopRequestTest {
  @Test
  void aRequestInterruptsTheWorkButNotWhatFollowsIt() throws Exception {
    StopRequest stop = new StopRequest();
    CountDownLatch inside = new CountDownLatch(1);
    boolean[] interruptedInside = {false};
    boolean[] interruptedAfter = {true};
    Thread worker = new Thread(() -> {
      stop.interruptible(() -> {
        inside.countDown();
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          interruptedInside[0] = true;
          Thread.currentThread().interrupt(); // as a simulation leaves the flag set
        }
        return null;
      });
      interruptedAfter[0] = Thread.currentThread().isInterrupted();
    });
    worker.start();
    inside.await();

    stop.request();
    worker.join(10_000);

    assertThat(interruptedInside[0]).isTrue();
    assertThat(interruptedAfter[0]).isFalse();
  }

  @Test
  void workAfterTheRequestDoesNotStartAndActionsRunOnce() {
    StopRequest stop = new StopRequest();
    List<String> ran = new ArrayList<>();
    stop.onRequest(() -> ran.add("first"));

    stop.request();
    stop.request();
    stop.onRequest(() -> ran.add("late"));

    assertThat(ran).containsExactly("first", "late");
    assertThatThrownBy(() -> stop.interruptible(() -> "never"))
        .isInstanceOf(CancellationException.class).hasMessage("stop requested");
  }

  @Test
  void whoeverAskedWaitsUntilTheCommandHasStopped() {
    StopRequest stop = new StopRequest();

    assertThat(stop.awaitStopped(Duration.ofMillis(10))).isFalse();
    stop.stopped();
    assertThat(stop.awaitStopped(Duration.ofMillis(10))).isTrue();
  }
}
