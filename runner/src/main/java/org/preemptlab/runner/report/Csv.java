package org.preemptlab.runner.report;

/** Quoting of CSV cells (RFC 4180). */
public final class Csv {
  private Csv() {}

  /** The cell as written: quoted when it holds a comma, quote or line break (LF or CR). */
  public static String quote(String cell) {
    if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0
        && cell.indexOf('\r') < 0) {
      return cell;
    }
    return '"' + cell.replace("\"", "\"\"") + '"';
  }
}
