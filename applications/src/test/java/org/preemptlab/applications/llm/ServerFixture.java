package org.preemptlab.applications.llm;

import org.preemptlab.applications.FakeApplicationContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.testkit.TestDevices;

/** Builds {@code llm-serving} instances on a one-SM device with a profile of round numbers. */
final class ServerFixture {
  /**
   * On {@link TestDevices#ONE_SM} (one block of 2,048 threads at a time): {@code dense} has one
   * block per batch token of 1 µs, {@code head} one block per sampling sequence of 10 ns, so an
   * iteration of {@code t} tokens and {@code s} sampling sequences lasts {@code 1000 t + 10 s} ns
   * and its kernels' grids are {@code t} and {@code s}.
   */
  static final String PROFILE = """
      # a test profile
      model: test
      device: one-sm
      kv-bytes-per-token: 1000
      axis,x,kernel,grid,threads,registers,shared_bytes,block_ns,dram_bytes
      tokens,1,dense,1,2048,0,0,1000,0
      tokens,1000,dense,1000,2048,0,0,1000,0
      sequences,1,head,1,2048,0,0,10,0
      sequences,1000,head,1000,2048,0,0,10,0
      """;

  final Path dir;

  ServerFixture(Path dir) {
    this.dir = dir;
  }

  Path write(String name, String text) {
    try {
      return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Application create(Map<String, String> given, DeviceSpec device, long seed) {
    Map<String, String> values = new HashMap<>(given);
    values.putIfAbsent("profile-file", write("test.profile", PROFILE).toString());
    LlmServingProvider provider = new LlmServingProvider();
    Parameters parameters = Parameters.of("application 'llm-serving'", provider.parameters(),
        values);
    return provider.create(new PluginContext(parameters, device, new SplittableRandom(seed)));
  }

  Application create(Map<String, String> given) {
    return create(given, TestDevices.ONE_SM, 1);
  }

  /** Runs {@code app} alone on the fake context until {@code untilNs}. */
  static FakeApplicationContext run(Application app, DeviceSpec device, long untilNs) {
    FakeApplicationContext context = new FakeApplicationContext(device);
    context.run(app, untilNs);
    return context;
  }

  /**
   * The grids of each iteration's kernels, [dense, head] per iteration (head 0 when no sequence
   * sampled); an iteration starts at each dense kernel.
   */
  static List<List<Integer>> iterations(FakeApplicationContext context) {
    List<List<Integer>> out = new java.util.ArrayList<>();
    for (FakeApplicationContext.Run run : context.runs()) {
      int grid = run.kernel().gridBlocks();
      if (run.kernel().name().equals("dense")) {
        out.add(new java.util.ArrayList<>(List.of(grid, 0)));
      } else {
        out.get(out.size() - 1).set(1, grid);
      }
    }
    return out;
  }
}
