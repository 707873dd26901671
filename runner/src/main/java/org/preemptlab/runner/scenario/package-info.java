/**
 * The scenario file format of the DRM scheduler layer: {@link
 * org.preemptlab.runner.scenario.Scenario} and its specs (schedulers, entities, jobs, clients,
 * dependencies), the script's {@link org.preemptlab.runner.scenario.Step}s, and {@link
 * org.preemptlab.runner.scenario.Scenarios}, which reads files with one-line errors ({@code
 * FILE:LINE:COL: KEY.PATH: MESSAGE}). A format only: it depends on no part of the engine, which
 * runs a scenario with its DRM layer ({@code org.preemptlab.runner.drm}). The KUnit
 * reproduction's scenarios are class-path resources of this package ({@link
 * org.preemptlab.runner.scenario.KunitScenarios}).
 */
package org.preemptlab.runner.scenario;
