import com.sun.management.OperatingSystemMXBean;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.preemptlab.lab.reproduce.Reproductions;

/**
 * Runs the reproductions named after the output folder one after another in one JVM, as
 * ReproductionPagesTest runs them (so what they share is run once), writing their pages to the
 * folder, and prints each one's CPU seconds (the whole process's: JIT and GC included) and wall
 * seconds, then the totals. Usage (Java source-file mode, the lab jar on the class path):
 * {@code java -cp LAB_JAR benchmarks/ReproduceCpu.java OUT_DIR ID...}; see reproduce-cpu.sh.
 */
public final class ReproduceCpu {
  private ReproduceCpu() {}

  /** Runs the reproductions and prints their costs. */
  public static void main(String[] args) throws Exception {
    Path out = Files.createDirectories(Path.of(args[0]));
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    double cpuStart = os.getProcessCpuTime() / 1e9;
    long wallStart = System.nanoTime();
    for (int i = 1; i < args.length; i++) {
      double cpu = os.getProcessCpuTime() / 1e9;
      long wall = System.nanoTime();
      try (PrintStream printed = new PrintStream(OutputStream.nullOutputStream())) {
        Reproductions.find(args[i]).orElseThrow(() -> new IllegalArgumentException(
            "no reproduction " + args[i])).run(out, printed);
      }
      System.out.printf("%s: %.1f CPU s, %.1f wall s%n", args[i],
          os.getProcessCpuTime() / 1e9 - cpu, (System.nanoTime() - wall) / 1e9);
    }
    System.out.printf("%s: %.1f CPU s, %.1f wall s%n", "total",
        os.getProcessCpuTime() / 1e9 - cpuStart, (System.nanoTime() - wallStart) / 1e9);
  }
}
