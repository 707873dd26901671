/**
 * The hardware-model SPI: a {@link org.preemptlab.api.hardware.DeviceSpec} describes the SMs,
 * their occupancy limits and the cost of every hardware action; a {@link
 * org.preemptlab.api.hardware.HardwareModel} turns saved and restored bytes into time.
 */
package org.preemptlab.api.hardware;
