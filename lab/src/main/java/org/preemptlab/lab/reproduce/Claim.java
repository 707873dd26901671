package org.preemptlab.lab.reproduce;

/**
 * One qualitative claim of a reproduction and whether the simulated numbers bear it out.
 *
 * @param name a short label, e.g. {@code "(a) coarse >= 10x fine"}
 * @param holds whether it held
 * @param evidence the numbers it was judged on
 */
record Claim(String name, boolean holds, String evidence) {

  /** One line for the report: {@code [ok] name: evidence} or {@code [FAIL] ...}. */
  String line() {
    return (holds ? "[ok]   " : "[FAIL] ") + name + ": " + evidence;
  }
}
