/**
 * Rate control: policies that leave the device to the production job and throttle the launches of
 * opportunistic work from feedback ({@code tgs}: Wu, Zhang, Bai, Liu and Jin, "Transparent GPU
 * Sharing in Container Clouds for Deep Learning Workloads", NSDI 2023; code pkusys/TGS).
 */
package org.preemptlab.policies.rate;
