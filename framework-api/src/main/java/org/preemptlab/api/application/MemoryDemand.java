package org.preemptlab.api.application;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * The device memory an {@link Application} holds for the whole run (weights, caches), which the
 * runner checks against the capacity of the device or of the application's MIG instance before
 * the run starts.
 *
 * @param bytes the bytes held, at least 1
 * @param parts what the bytes are, for the refusal, such as {@code "weights 16.1 GB + KV cache
 *     34.4 GB"}; never null
 * @param parameter the parameter a user changes to need less, such as {@code "kv-cache-bytes"};
 *     never null
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record MemoryDemand(long bytes, String parts, String parameter) {

  /** Checks that the bytes are positive and the texts present. */
  public MemoryDemand {
    checkArgument(bytes >= 1, "a memory demand is >= 1 B, got %s", bytes);
    Objects.requireNonNull(parts, "parts");
    Objects.requireNonNull(parameter, "parameter");
  }
}
