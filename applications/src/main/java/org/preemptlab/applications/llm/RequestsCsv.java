package org.preemptlab.applications.llm;

import java.util.List;

/**
 * {@code requests.csv}, the server's per-request table: one row per request admitted to the queue,
 * in arrival order. Times are ns of simulated time; a time that did not come before the run ended
 * is empty. {@code token_ns} lists, separated by {@code ;}, the time each token was sampled (the
 * first is {@code first_token_ns}, the last {@code finish_ns} when it finished), so time between
 * tokens and goodput at any objective can be recomputed from the file
 * ({@code python/preemptlab_results/llm.py}).
 */
final class RequestsCsv {
  /** The file's name in the run folder. */
  static final String NAME = "requests.csv";

  /** The header line. */
  static final String HEADER = "request,arrival_ns,prompt_tokens,output_tokens,first_token_ns,"
      + "finish_ns,preemptions,tokens_generated,token_ns";

  private RequestsCsv() {}

  /** The file's text for {@code requests}. */
  static String render(List<ContinuousBatcher.Request> requests) {
    StringBuilder out = new StringBuilder(HEADER).append('\n');
    for (ContinuousBatcher.Request r : requests) {
      long[] times = r.tokenTimes();
      out.append(r.index).append(',').append(r.spec.arrivalNs()).append(',')
          .append(r.spec.promptTokens()).append(',').append(r.spec.outputTokens()).append(',')
          .append(r.firstTokenNs >= 0 ? Long.toString(r.firstTokenNs) : "").append(',')
          .append(r.finished() ? Long.toString(r.finishNs) : "").append(',')
          .append(r.preemptions).append(',').append(times.length).append(',');
      for (int i = 0; i < times.length; i++) {
        out.append(i == 0 ? "" : ";").append(times[i]);
      }
      out.append('\n');
    }
    return out.toString();
  }
}
