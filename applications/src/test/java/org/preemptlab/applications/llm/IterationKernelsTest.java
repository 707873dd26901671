package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Kernel;

/**
 * A run's iteration kernels, each cost's made once, against kernels made anew for every iteration:
 * equal in every field and order, over seeded random batches whose costs repeat.
 */
class IterationKernelsTest {

  private static List<BatchShape> randomBatches(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<BatchShape> batches = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<SequenceWork> work = new ArrayList<>();
      int decodes = random.nextInt(0, 6);
      for (int d = 0; d < decodes; d++) {
        work.add(SequenceWork.decode(random.nextInt(0, 64)));
      }
      if (work.isEmpty() || random.nextBoolean()) {
        work.add(SequenceWork.prefill(1 + random.nextInt(0, 32), random.nextInt(0, 16),
            random.nextBoolean()));
      }
      batches.add(BatchShape.of(work));
    }
    return batches;
  }

  @Test
  void reusedKernelsEqualKernelsMadeAnewForEveryBatchOfTheRooflineProfile() {
    ModelProfile profile = ModelProfile.bundled("llama-3.1-8b", DeviceRoof.bundledNames().get(0),
        "test");
    ModelProfile.IterationKernels reused = profile.iterationKernels();
    int repeatedInstances = 0;
    List<Kernel> previous = List.of();
    for (BatchShape batch : randomBatches(52, 400)) {
      List<Kernel> fresh = profile.kernels(batch);
      List<Kernel> kernels = reused.kernels(batch);

      assertThat(kernels).as("%s", batch).isEqualTo(fresh);
      assertThat(kernels).extracting(Kernel::name).containsExactlyElementsOf(
          fresh.stream().map(Kernel::name).toList());
      for (int i = 0; i < Math.min(kernels.size(), previous.size()); i++) {
        if (kernels.get(i) == previous.get(i)) {
          repeatedInstances++;
        }
      }
      previous = kernels;
    }
    assertThat(repeatedInstances).as("kernels of a cost seen before are reused").isPositive();
  }

  @Test
  void aPerLayerOperatorHasOneKernelPerLayerNamedByItsLayer() {
    ModelProfile profile = ModelProfile.bundled("llama-3.1-8b", DeviceRoof.bundledNames().get(0),
        "test");
    BatchShape decode = BatchShape.of(List.of(SequenceWork.decode(7)));

    List<Kernel> first = profile.iterationKernels().kernels(decode);

    assertThat(first).extracting(Kernel::name).contains("L0.input_layernorm", "L31.input_layernorm", "L0.attention",
            "L31.attention")
        .doesNotHaveDuplicates();
  }
}
