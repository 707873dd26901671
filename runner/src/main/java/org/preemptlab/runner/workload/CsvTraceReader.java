package org.preemptlab.runner.workload;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/**
 * Reads a CSV trace ({@code docs/trace-format.md}): a header, then one row per job. Contexts and
 * queues are derived from the rows; a queue's attributes must agree on every row. Blank lines and
 * lines starting with {@code #} are ignored. Every error is one line: {@code FILE:LINE: column
 * 'x': what is wrong}, with the valid choices where there are any.
 */
public final class CsvTraceReader {
  /** Columns every trace must have. */
  public static final List<String> REQUIRED = List.of("job_id", "queue", "context", "priority",
      "engine", "submit", "grid_blocks", "threads_per_block", "registers_per_thread",
      "shared_memory_per_block", "block_time");

  /** Columns a trace may have. */
  public static final List<String> OPTIONAL = List.of("credits", "depends_on", "deadline",
      "think_time", "idempotent", "program", "kernel", "weight", "serial", "handles_yield",
      "dram_bytes_per_block", "prepare", "block_cycles");

  private static final Pattern PROGRAM_SEGMENT_KEY =
      Pattern.compile("program\\.segments\\[(\\d+)]\\.(.*)");

  private final String source;
  /** Turns a row's block_cycles into ns; null when the trace is read without a hardware model. */
  private final CycleClock clock;
  private final List<GpuContext> contexts = new ArrayList<>();
  private final Map<String, Row> contextRows = new HashMap<>();
  private final Map<String, JobQueue> queues = new LinkedHashMap<>();
  private final Map<String, Row> queueRows = new HashMap<>();
  /** The jobs by column as they are read: no {@link Job} record is kept per row. */
  private final JobList.Builder jobs = JobList.builder(0);
  private int jobCount;
  /** Each job's id, in row order: ascending, so found by binary search, while no map is needed. */
  private long[] jobIds = new long[64];
  /** Each job's line, for errors found after all rows were read (not its {@link Row}). */
  private int[] jobLineNumbers = new int[64];
  /** Each id's line, once the ids stopped ascending; null while they ascend. */
  private Map<Long, Integer> lineById;

  private CsvTraceReader(String source, CycleClock clock) {
    this.source = source;
    this.clock = clock;
  }

  /**
   * Reads a trace file; errors name it by its file name.
   *
   * @throws ConfigurationException if it cannot be read or a row is malformed
   */
  public static Workload read(Path file) {
    return read(file, null);
  }

  /**
   * Reads a trace file whose rows may give their block time in cycles ({@code block_cycles}),
   * turned into ns at {@code clock}; errors name the file by its name.
   *
   * @param clock the run's SM clock under load; null if no row gives cycles
   * @throws ConfigurationException if it cannot be read or a row is malformed
   */
  public static Workload read(Path file, CycleClock clock) {
    Path name = file.getFileName();
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new ConfigurationException((name == null ? file : name) + ": not a regular file (a "
          + "directory, FIFO or device); give the path of a trace file");
    }
    // a reader that reports malformed UTF-8 (an InputStreamReader would replace it)
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return new CsvTraceReader(name == null ? file.toString() : name.toString(), clock)
          .parse(in);
    } catch (IOException e) {
      throw new ConfigurationException("cannot read trace " + file + ": "
          + e.getClass().getSimpleName() + " " + e.getMessage(), e);
    }
  }

  /** Reads trace text; {@code sourceName} names it in errors. */
  public static Workload read(String text, String sourceName) {
    return read(text, sourceName, null);
  }

  /** Reads trace text whose {@code block_cycles} turn into ns at {@code clock} (may be null). */
  public static Workload read(String text, String sourceName, CycleClock clock) {
    try {
      return new CsvTraceReader(sourceName, clock).parse(new StringReader(text));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Reads a trace.
   *
   * @param sourceName how errors name the trace, usually its file name
   * @throws IOException if the reader fails
   * @throws ConfigurationException if a row is malformed
   */
  public static Workload read(Reader in, String sourceName) throws IOException {
    return new CsvTraceReader(sourceName, null).parse(in);
  }

  private Workload parse(Reader in) throws IOException {
    List<String> header = null;
    TraceLines lines = new TraceLines(in, source);
    String line;
    while ((line = lines.next()) != null) {
      int number = lines.number();
      if (line.isBlank() || line.stripLeading().startsWith("#")) {
        continue;
      }
      List<String> fields = split(line, number);
      if (header == null) {
        header = header(fields, number);
      } else {
        row(new Row(source, number, header, fields));
      }
    }
    if (header == null) {
      throw new ConfigurationException(source + ": empty trace; the first line must be the "
          + "header: " + String.join(",", REQUIRED));
    }
    JobList list = jobs.build();
    checkDependencies(list);
    try {
      return new Workload(contexts, List.copyOf(queues.values()), list);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ": " + e.getMessage(), e);
    }
  }

  private List<String> split(String line, int number) {
    try {
      return CsvFields.split(line);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ":" + number + ": " + e.getMessage(), e);
    }
  }

  private List<String> header(List<String> fields, int number) {
    List<String> names = new ArrayList<>();
    List<String> known = new ArrayList<>(REQUIRED);
    known.addAll(OPTIONAL);
    for (String field : fields) {
      String name = field.toLowerCase(Locale.ROOT);
      if (!name.matches("[a-z0-9_]{1,40}")) {
        // not quoted: the file may be anything the user pointed at
        throw new ConfigurationException(source + ":" + number + ": the first line is not a "
            + "trace header (column " + (names.size() + 1) + " is not a column name); "
            + "required: " + String.join(",", REQUIRED));
      }
      if (!known.contains(name)) {
        throw new ConfigurationException(source + ":" + number + ": "
            + ConfigurationException.unknown("column", field, known).getMessage());
      }
      if (names.contains(name)) {
        throw new ConfigurationException(source + ":" + number + ": column '" + name
            + "' appears twice");
      }
      names.add(name);
    }
    for (String required : REQUIRED) {
      if (!names.contains(required)) {
        throw new ConfigurationException(source + ":" + number + ": missing column '" + required
            + "'; required: " + String.join(", ", REQUIRED));
      }
    }
    return names;
  }

  private void row(Row row) {
    if (jobCount >= Limits.MAX_JOBS) {
      throw new ConfigurationException(source + ":" + row.line() + ": the trace has more than "
          + Limits.MAX_JOBS + " jobs, the limit of one workload");
    }
    long id = row.count("job_id", 0);
    int first = lineOf(id);
    if (first >= 0) {
      throw row.error("job_id", "duplicate job id " + id + " (first on line " + first + ")");
    }
    GpuContext context = context(row);
    JobQueue queue = queue(row, context);
    Kernel kernel = kernel(row, id);
    List<Long> dependencies = row.ids("depends_on");
    if (dependencies.contains(id)) {
      throw row.error("depends_on", "job " + id + " depends on itself");
    }
    long deadline = row.has("deadline") ? row.duration("deadline") : Job.NO_DEADLINE;
    // A think_time cell (even 0) marks a closed-loop job: submitted after its dependencies.
    boolean closedLoop = row.has("think_time");
    if (closedLoop && dependencies.isEmpty()) {
      throw row.error("think_time", "a think time makes the job closed-loop (submitted after its "
          + "dependencies finish), but the row has no depends_on");
    }
    long think = closedLoop ? row.duration("think_time") : 0;
    int credits = row.has("credits") ? (int) row.count("credits", 1, Integer.MAX_VALUE) : 1;
    long prepare = row.has("prepare") ? row.duration("prepare") : 0;
    jobs.add(new Job(id, queue.id(), row.duration("submit"), credits, dependencies, deadline,
        think, kernel, closedLoop, prepare));
    remember(id, row.line());
  }

  /** The line of the job with {@code id} read so far, or -1 if there is none. */
  private int lineOf(long id) {
    if (lineById != null) {
      return lineById.getOrDefault(id, -1);
    }
    int index = Arrays.binarySearch(jobIds, 0, jobCount, id);
    return index >= 0 ? jobLineNumbers[index] : -1;
  }

  /**
   * Appends a new job's id and line. Ids that ascend row by row (as trace writers number jobs)
   * need no more; the first id below its predecessor moves every id into a map.
   */
  private void remember(long id, int line) {
    if (jobCount == jobIds.length) {
      jobIds = Arrays.copyOf(jobIds, 2 * jobCount);
      jobLineNumbers = Arrays.copyOf(jobLineNumbers, 2 * jobCount);
    }
    if (lineById == null && jobCount > 0 && id < jobIds[jobCount - 1]) {
      lineById = new HashMap<>();
      for (int i = 0; i < jobCount; i++) {
        lineById.put(jobIds[i], jobLineNumbers[i]);
      }
    }
    if (lineById != null) {
      lineById.put(id, line);
    }
    jobIds[jobCount] = id;
    jobLineNumbers[jobCount++] = line;
  }

  private GpuContext context(Row row) {
    GpuContext context = new GpuContext(row.id("context"), row.bool("handles_yield"));
    Row first = contextRows.putIfAbsent(context.id(), row);
    if (first == null) {
      contexts.add(context);
      return context;
    }
    GpuContext known = contexts.stream().filter(c -> c.id().equals(context.id())).findFirst()
        .orElseThrow();
    if (known.handlesYield() != context.handlesYield()) {
      throw row.error("handles_yield", "context '" + context.id() + "' has handles_yield "
          + known.handlesYield() + " on line " + first.line() + ", here " + context.handlesYield());
    }
    return known;
  }

  private JobQueue queue(Row row, GpuContext context) {
    String id = row.id("queue");
    Priority priority = row.choice("priority", Priority.class);
    EngineKind engine = row.choice("engine", EngineKind.class);
    int weight = row.has("weight") ? (int) row.count("weight", 1, Integer.MAX_VALUE) : 1;
    JobQueue queue = new JobQueue(id, context.id(), priority, weight, engine, row.bool("serial"));
    JobQueue known = queues.putIfAbsent(id, queue);
    if (known == null) {
      queueRows.put(id, row);
      return queue;
    }
    int firstLine = queueRows.get(id).line();
    Object[][] attributes = {
        {"context", known.contextId(), queue.contextId()},
        {"priority", known.priority(), queue.priority()},
        {"engine", known.engine(), queue.engine()},
        {"weight", known.weight(), queue.weight()},
        {"serial", known.serial(), queue.serial()}};
    for (Object[] a : attributes) {
      if (!a[1].equals(a[2])) {
        throw row.error((String) a[0], "queue '" + id + "' has " + a[0] + " " + a[1]
            + " on line " + firstLine + ", here " + a[2] + "; a queue's " + a[0]
            + " must be the same on every row");
      }
    }
    return known;
  }

  private Kernel kernel(Row row, long id) {
    int grid = (int) row.count("grid_blocks", 1, Limits.MAX_GRID_BLOCKS);
    int threads = (int) row.count("threads_per_block", 1, Integer.MAX_VALUE);
    int registers = (int) row.count("registers_per_thread", 0, Integer.MAX_VALUE);
    long shared = row.bytes("shared_memory_per_block");
    ProgramSpec program = row.program("program");
    Long blockTime = row.has("block_time") ? row.duration("block_time") : null;
    Long cycles = row.has("block_cycles") ? row.count("block_cycles", 1) : null;
    if (cycles != null && blockTime != null) {
      throw row.error("block_cycles", "give the block time once: block_time (ns) or block_cycles "
          + "(SM cycles), not both");
    }
    if (cycles != null && clock == null) {
      throw row.error("block_cycles", "needs the run's hardware model to turn cycles into ns");
    }
    if (cycles != null) {
      blockTime = clock.ns(cycles);
      if (blockTime > Limits.MAX_DURATION_NS) {
        throw row.error("block_cycles", cycles + " cycles at " + clock.text() + " last longer "
            + "than 1 hour, the longest block time");
      }
    }
    String name = row.has("kernel") ? row.text("kernel") : "job-" + id;
    KernelSpec spec;
    try {
      spec = new KernelSpec(name, 1.0, Distribution.fixed(grid), threads, registers, shared,
          row.bool("idempotent"), blockTime == null ? null : Distribution.fixed(blockTime), 0.0,
          1.0, program, row.has("dram_bytes_per_block") ? row.bytes("dram_bytes_per_block")
              : null);
    } catch (SpecViolation e) {
      if (cycles != null && e.key().equals("block-time")) {
        throw row.error("block_cycles", "at the sustained clock of " + clock.text() + ": "
            + e.detail());
      }
      String detail = e.detail().replace("registers-per-thread", "registers_per_thread")
          .replace("shared-memory-per-block", "shared_memory_per_block");
      Matcher segment = PROGRAM_SEGMENT_KEY.matcher(e.key());
      if (segment.matches()) {
        String key = segment.group(2).equals("live-registers") ? "regs" : "smem";
        throw row.error("program", "segment " + (Integer.parseInt(segment.group(1)) + 1) + " "
            + key + "=" + detail);
      }
      String column = e.key().startsWith("program") ? "program" : e.key().replace('-', '_');
      throw row.error(column, detail);
    }
    return spec.build(name, grid, blockTime == null ? 0 : blockTime, 0);
  }

  private void checkDependencies(JobList jobs) {
    for (int i = 0; i < jobs.size(); i++) {
      for (int k = 0; k < jobs.dependencyCount(i); k++) {
        long dependency = jobs.dependency(i, k);
        if (lineOf(dependency) < 0) {
          throw Row.error(source, jobLineNumbers[i], "depends_on", "unknown job " + dependency);
        }
      }
    }
  }
}
