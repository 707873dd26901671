package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Where a published claim comes from.
 *
 * @param paper the paper, short, e.g. {@code "GPreempt, ATC'25"}
 * @param where the section, figure or table, e.g. {@code "§5.3, Fig. 6"}
 * @param artifact the repository and path of the artifact the number or input was read from, e.g.
 *     {@code "thustorage/GPreempt: config/A.json"}; empty when the paper's text is the only source
 */
record Source(String paper, String where, String artifact) {

  /** Checks that paper and place are given. */
  Source {
    checkArgument(paper != null && !paper.isBlank(), "a source needs its paper");
    checkArgument(where != null && !where.isBlank(), "source '%s' needs a section, figure or"
        + " table", paper);
    artifact = artifact == null ? "" : artifact.strip();
  }

  /** A claim read in the paper's text alone. */
  static Source of(String paper, String where) {
    return new Source(paper, where, "");
  }

  /** The same paper at another place. */
  Source at(String otherWhere) {
    return new Source(paper, otherWhere, artifact);
  }

  /** The same place with the artifact its number was read from. */
  Source reading(String otherArtifact) {
    return new Source(paper, where, otherArtifact);
  }

  /** {@code paper, where} and, if any, {@code (artifact)}. */
  String cell() {
    return paper + ", " + where + (artifact.isEmpty() ? "" : " (" + artifact + ")");
  }
}
