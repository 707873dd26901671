/**
 * The {@code llm-serving} application (DESIGN.md §3.6, {@code docs/llm-serving.md}): an LLM
 * inference server with continuous batching ({@link
 * org.preemptlab.applications.llm.ContinuousBatcher}: Orca's iteration-level scheduling, vLLM's
 * paged KV cache with recompute preemption, Sarathi-Serve's chunked prefill), requests from a
 * Poisson process or an Azure-style trace ({@link org.preemptlab.applications.llm.AzureTrace}),
 * each iteration's kernels from a model profile table ({@link
 * org.preemptlab.applications.llm.ModelProfile}; the bundled one written by {@link
 * org.preemptlab.applications.llm.RooflineProfile}), and TTFT, TPOT and SLO metrics reported
 * through the registry.
 */
package org.preemptlab.applications.llm;
