package org.preemptlab.api.sharing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SharingSupport;

/**
 * What a {@link SharingMode} lays out: the run's contexts with their queues, and the device.
 *
 * @param deviceId how errors name the device: the hardware model's id or file
 * @param device the device (its SM count, {@link DeviceSpec#smCount()})
 * @param support what the device offers for sharing (MPS, MIG profiles, green contexts)
 * @param queuesByContext per context id, the ids of its queues (streams), both in the workload's
 *     order; a context may have none
 * @since 0.4
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
public record SharingRequest(String deviceId, DeviceSpec device, SharingSupport support,
    Map<String, List<String>> queuesByContext) {

  /** Checks that every field is given; copies the map, keeping its order. */
  public SharingRequest {
    Objects.requireNonNull(deviceId, "deviceId");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(support, "support");
    Map<String, List<String>> copy = new LinkedHashMap<>();
    queuesByContext.forEach((context, queues) -> copy.put(context, List.copyOf(queues)));
    queuesByContext = Collections.unmodifiableMap(copy);
  }

  /** Every queue id of the run, context by context. */
  public List<String> queueIds() {
    return queuesByContext.values().stream().flatMap(List::stream).toList();
  }

  /** The context of queue {@code queueId}, or null when the run has no such queue. */
  public String contextOf(String queueId) {
    for (Map.Entry<String, List<String>> entry : queuesByContext.entrySet()) {
      if (entry.getValue().contains(queueId)) {
        return entry.getKey();
      }
    }
    return null;
  }
}
