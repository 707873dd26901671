package org.preemptlab.api.model;

import org.preemptlab.api.API;

/**
 * A kind of hardware engine (hardware queue, DRM ring). Each engine of a device has its own
 * scheduling-policy instance, as each ring has its own {@code drm_gpu_scheduler}.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum EngineKind {
  /** Graphics command processor. */
  GRAPHICS,
  /** Compute queue. */
  COMPUTE,
  /** Copy (DMA, SDMA) engine. */
  COPY,
  /** Video encode/decode engine. */
  VIDEO
}
