/**
 * The bundled hardware models: {@code h200} (an NVIDIA H200 SXM fitted to measurements), {@code
 * gtx480} (GPGPU-Sim's Fermi GTX480 configuration) and {@code file}, which loads a user's own
 * model from a {@code key = value} parameter file. Each bundled model is such a file on the class
 * path, with the source of every value in a comment; {@code docs/hardware-models.md} documents
 * the keys, the sources and the fit.
 */
package org.preemptlab.hardware;
