package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

class CsvTraceReaderTest {
  static final Path EXAMPLE = Path.of("..", "examples", "traces", "small.csv");

  private static final String HEADER = "job_id,queue,context,priority,engine,submit,credits,"
      + "depends_on,grid_blocks,threads_per_block,registers_per_thread,shared_memory_per_block,"
      + "block_time,idempotent,program\n";
  private static final String GOOD = "1,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true,\n";

  private static Job job(Workload workload, long id) {
    return workload.jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow();
  }

  /** Reading a trace of the header, a good row (line 2) and {@code row} (line 3). */
  private static AbstractThrowableAssert<?, ? extends Throwable> readingRow(String row) {
    return readingTrace(HEADER + GOOD + row + "\n");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> readingTrace(String text) {
    return assertThatThrownBy(() -> CsvTraceReader.read(text, "t.csv"))
        .isInstanceOf(ConfigurationException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void exampleTraceDerivesItsContextsAndQueues() {
    Workload trace = CsvTraceReader.read(EXAMPLE);

    assertThat(trace.contexts()).containsExactly(new GpuContext("ml", true),
        new GpuContext("viz", false));
    assertThat(trace.queues()).containsExactly(
        new JobQueue("train", "ml", Priority.LOW, 1, EngineKind.COMPUTE, true),
        new JobQueue("infer", "ml", Priority.HIGH, 1, EngineKind.COMPUTE, false),
        new JobQueue("upload", "viz", Priority.NORMAL, 1, EngineKind.COPY, false),
        new JobQueue("render", "viz", Priority.NORMAL, 1, EngineKind.GRAPHICS, true));
    assertThat(trace.jobs()).extracting(Job::id).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L,
        9L);
  }

  @Test
  void exampleTraceParsesEveryFieldOfItsJobs() {
    Workload trace = CsvTraceReader.read(EXAMPLE);

    Job second = job(trace, 2);
    assertThat(second.queueId()).isEqualTo("train");
    assertThat(second.dependencies()).containsExactly(1L);
    assertThat(second.thinkTimeNs()).isEqualTo(10_000);
    assertThat(second.hasDeadline()).isFalse();
    Kernel gemm = second.kernel();
    assertThat(gemm.name()).isEqualTo("gemm");
    assertThat(gemm.gridBlocks()).isEqualTo(264);
    assertThat(gemm.threadsPerBlock()).isEqualTo(256);
    assertThat(gemm.registersPerThread()).isEqualTo(128);
    assertThat(gemm.sharedMemoryPerBlock()).isEqualTo(65_536);
    assertThat(gemm.idempotent()).isFalse();
    assertThat(gemm.timing()).isEqualTo(new BlockTiming.Exact());
    assertThat(gemm.program().segments()).containsExactly(
        new Segment(SegmentKind.GLOBAL_MEMORY, 124_875, 124_875, 80, 0),
        new Segment(SegmentKind.SHARED_MEMORY, 49_950, 49_950, 96, 65_536),
        new Segment(SegmentKind.BARRIER, 0, 0, 96, 65_536),
        new Segment(SegmentKind.COMPUTE, 299_700, 299_700, 128, 65_536),
        new Segment(SegmentKind.GLOBAL_MEMORY, 24_975, 24_975, 64, 0),
        new Segment(SegmentKind.YIELD_POINT, 500, 500, 16, 0));

    Job request = job(trace, 4);
    assertThat(request.submitTimeNs()).isEqualTo(250_000);
    assertThat(request.credits()).isEqualTo(2);
    assertThat(request.deadlineNs()).isEqualTo(1_250_000);
    assertThat(request.kernel().idempotent()).isTrue();
    assertThat(request.kernel().sharedMemoryPerBlock()).isEqualTo(8_192);
    assertThat(request.kernel().program().durationNs()).isEqualTo(30_000);
    assertThat(request.kernel().program().segments()).hasSize(5);

    Job frame = job(trace, 9);
    assertThat(frame.dependencies()).containsExactly(8L, 7L);
    assertThat(frame.submitTimeNs()).isEqualTo(4_000_000);
    assertThat(frame.kernel().program().segments()).extracting(Segment::kind)
        .endsWith(SegmentKind.ATOMIC);
  }

  @Test
  void traceFileThatDoesNotExistCannotBeRead(@org.junit.jupiter.api.io.TempDir Path dir) {
    assertThatThrownBy(() -> CsvTraceReader.read(dir.resolve("none.csv")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("cannot read trace ");
  }

  @Test
  void errorsNameTheFileByItsName(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path file = dir.resolve("mine.csv");
    Files.writeString(file, HEADER + GOOD + "x,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true,\n");

    assertThatThrownBy(() -> CsvTraceReader.read(file))
        .hasMessage("mine.csv:3: column 'job_id': 'x' is not a whole number");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      unknown priority | 2,q,c,HGIH,COMPUTE,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'priority': unknown value 'HGIH'; did you mean 'HIGH'? valid: HIGH, KERNEL, LOW, NORMAL
      unknown engine   | 2,p,c,LOW,COMPUT,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'engine': unknown value 'COMPUT'; did you mean 'COMPUTE'? valid: COMPUTE, COPY, GRAPHICS, VIDEO
      bad submit       | 2,q,c,HIGH,COMPUTE,3 lightyears,1,,10,128,32,0,20us,true, | t.csv:3: column 'submit': '3 lightyears' is not a duration; write a number and a unit: ns, us, ms or s (e.g. 250us)
      negative submit  | 2,q,c,HIGH,COMPUTE,-5us,1,,10,128,32,0,20us,true, | t.csv:3: column 'submit': '-5us' is negative; a duration must be >= 0
      zero credits     | 2,q,c,HIGH,COMPUTE,0,0,,10,128,32,0,20us,true, | t.csv:3: column 'credits': must be >= 1, got 0
      zero blocks      | 2,q,c,HIGH,COMPUTE,0,1,,0,128,32,0,20us,true, | t.csv:3: column 'grid_blocks': must be in [1, 16777216], got 0
      duplicate id     | 1,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'job_id': duplicate job id 1 (first on line 2)
      unknown dep      | 2,q,c,HIGH,COMPUTE,0,1,1;7,10,128,32,0,20us,true, | t.csv:3: column 'depends_on': unknown job 7
      bad dep          | 2,q,c,HIGH,COMPUTE,0,1,one,10,128,32,0,20us,true, | t.csv:3: column 'depends_on': 'one' is not a whole number; write job ids separated by ';'
      self dep         | 2,q,c,HIGH,COMPUTE,0,1,2,10,128,32,0,20us,true, | t.csv:3: column 'depends_on': job 2 depends on itself
      queue priority   | 2,q,c,LOW,COMPUTE,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'priority': queue 'q' has priority HIGH on line 2, here LOW; a queue's priority must be the same on every row
      queue context    | 2,q,d,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'context': queue 'q' has context c on line 2, here d; a queue's context must be the same on every row
      not a boolean    | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,yes, | t.csv:3: column 'idempotent': expected true or false, got 'yes'
      bad size         | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,12 parsecs,20us,true, | t.csv:3: column 'shared_memory_per_block': '12 parsecs' is not a size; write bytes or a number with a unit: B, KiB, MiB, KB or MB
      bad queue id     | 2,q q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true, | t.csv:3: column 'queue': 'q q' must be letters, digits, '.', '_' or '-', starting with a letter or digit
      missing value    | 2,q,c,HIGH,COMPUTE,0,1,,10,,32,0,20us,true, | t.csv:3: column 'threads_per_block': is empty; a value is required
      field count      | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true | t.csv:3: expected 15 fields as in the header, got 14
      bad program      | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true,compute:50%;comptue:50% | t.csv:3: column 'program': segment 2 'comptue:50%': unknown kind 'comptue'; did you mean 'compute'? valid: atomic, barrier, compute, global, shared, yield
      live registers   | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true,compute:1ns:regs=40 | t.csv:3: column 'program': segment 1 regs=40 exceeds registers_per_thread 32
      no block time    | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,,true,compute:50% | t.csv:3: column 'block_time': is required
      unclosed quote   | 2,q,c,HIGH,COMPUTE,0,1,,10,128,32,0,20us,true,"compute:1 | t.csv:3: a quoted field is not closed
      """)
  void malformedRowIsRejectedWithItsLineColumnAndReason(String kind, String row, String message) {
    readingRow(row).hasMessage(message);
  }

  @ParameterizedTest(name = "ids {0}")
  @CsvSource(delimiter = '|', textBlock = """
      ascending  | 3,7,9,7     | t.csv:5: column 'job_id': duplicate job id 7 (first on line 3)
      descending | 9,7,3,7     | t.csv:5: column 'job_id': duplicate job id 7 (first on line 3)
      mixed      | 3,9,7,1,9   | t.csv:6: column 'job_id': duplicate job id 9 (first on line 3)
      late drop  | 1,2,3,4,0,2 | t.csv:7: column 'job_id': duplicate job id 2 (first on line 3)
      """)
  void duplicateIdNamesTheFirstLineWhetherOrNotIdsAscend(String kind, String ids, String message) {
    StringBuilder trace = new StringBuilder(HEADER);
    for (String id : ids.split(",")) {
      trace.append(GOOD.replaceFirst("^1,", id + ","));
    }
    readingTrace(trace.toString()).hasMessage(message);
  }

  @Test
  void dependenciesAreFoundWhenIdsDoNotAscend() {
    Workload trace = CsvTraceReader.read(HEADER + GOOD.replaceFirst("^1,", "5,")
        + "3,q,c,HIGH,COMPUTE,0,1,5,10,128,32,0,20us,true,\n"
        + "4,q,c,HIGH,COMPUTE,0,1,3;5,10,128,32,0,20us,true,\n", "t.csv");

    assertThat(trace.jobs()).extracting(Job::id).containsExactly(5L, 3L, 4L);
    assertThat(job(trace, 4).dependencies()).containsExactly(3L, 5L);
  }

  @Test
  void unknownDependencyIsNamedWhenIdsDoNotAscend() {
    readingTrace(HEADER + GOOD.replaceFirst("^1,", "5,")
        + "3,q,c,HIGH,COMPUTE,0,1,5,10,128,32,0,20us,true,\n"
        + "4,q,c,HIGH,COMPUTE,0,1,3;2,10,128,32,0,20us,true,\n")
        .hasMessage("t.csv:4: column 'depends_on': unknown job 2");
  }

  @Test
  void unknownColumnSuggestsTheClosestColumn() {
    readingTrace(HEADER.replace("credits", "credit") + GOOD)
        .hasMessageStartingWith("t.csv:1: unknown column 'credit'; did you mean 'credits'? valid:");
  }

  @Test
  void missingRequiredColumnListsTheRequiredColumns() {
    readingTrace(HEADER.replace("engine,", "") + GOOD.replace("COMPUTE,", ""))
        .hasMessageStartingWith("t.csv:1: missing column 'engine'; required: job_id, queue");
  }

  @Test
  void dependencyCycleIsRejectedNamingTheFile() {
    readingTrace(HEADER + "1,q,c,HIGH,COMPUTE,0,1,2,10,128,32,0,20us,true,\n"
        + "2,q,c,HIGH,COMPUTE,0,1,1,10,128,32,0,20us,true,\n")
        .hasMessageStartingWith("t.csv: dependency cycle through jobs");
  }

  @Test
  void commentsAndBlankLinesAreSkippedButCountedInLineNumbers() {
    readingTrace("# a comment\n\n" + HEADER + GOOD + "\n# another\n"
        + "2,q,c,HIGH,COMPUTE,0,0,,10,128,32,0,20us,true,\n")
        .hasMessage("t.csv:7: column 'credits': must be >= 1, got 0");
  }

  @Test
  void emptyTraceNeedsAHeader() {
    readingTrace("# nothing\n").hasMessageStartingWith("t.csv: empty trace");
  }

  @Test
  void optionalColumnsMayBeLeftOutOrEmpty() {
    Workload trace = CsvTraceReader.read("""
        job_id,queue,context,priority,engine,submit,grid_blocks,threads_per_block,\
        registers_per_thread,shared_memory_per_block,block_time
        5,q,c,low,copy,1ms,4,32,0,1KiB,2us
        """, "t.csv");

    Job job = trace.jobs().get(0);
    assertThat(job.credits()).isEqualTo(1);
    assertThat(job.dependencies()).isEmpty();
    assertThat(job.hasDeadline()).isFalse();
    assertThat(job.kernel().name()).isEqualTo("job-5");
    assertThat(job.kernel().idempotent()).isFalse();
    assertThat(job.kernel().sharedMemoryPerBlock()).isEqualTo(1_024);
    assertThat(job.kernel().program()).isEqualTo(Programs.build(ProgramSpec.standard(0, 1_024),
        2_000, 0, 1_024, 1.0));
    assertThat(trace.queues()).containsExactly(new JobQueue("q", "c", Priority.LOW, 1,
        EngineKind.COPY, false));
    assertThat(List.copyOf(trace.contexts())).containsExactly(new GpuContext("c", false));
  }

  @Test
  void aThinkTimeCellMarksTheJobClosedLoopEvenWhenItIsZero() {
    Workload trace = CsvTraceReader.read("""
        job_id,queue,context,priority,engine,submit,depends_on,think_time,grid_blocks,\
        threads_per_block,registers_per_thread,shared_memory_per_block,block_time
        1,q,c,low,compute,0,,,1,32,0,0,100us
        2,q,c,low,compute,0,1,0,1,32,0,0,100us
        3,q,c,low,compute,0,2,,1,32,0,0,100us
        """, "t.csv");

    assertThat(job(trace, 2).closedLoop()).isTrue();
    assertThat(job(trace, 2).thinkTimeNs()).isZero();
    assertThat(job(trace, 3).closedLoop()).isFalse();
  }

  @Test
  void aThinkTimeWithoutDependenciesIsRejected() {
    readingTrace("""
        job_id,queue,context,priority,engine,submit,think_time,grid_blocks,threads_per_block,\
        registers_per_thread,shared_memory_per_block,block_time
        1,q,c,low,compute,0,5us,1,32,0,0,100us
        """).hasMessageContaining("t.csv:2").hasMessageContaining("think_time")
        .hasMessageContaining("has no depends_on");
  }
  @Test
  void aPrepareCellGivesTheJobAPreparationPhaseAndAnEmptyOneNone() {
    Workload trace = CsvTraceReader.read("""
        job_id,queue,context,priority,engine,submit,prepare,grid_blocks,threads_per_block,\
        registers_per_thread,shared_memory_per_block,block_time
        1,q,c,low,compute,1ms,200us,1,32,0,0,100us
        2,q,c,low,compute,2ms,,1,32,0,0,100us
        """, "t.csv");

    assertThat(job(trace, 1).preparationNs()).isEqualTo(200_000);
    assertThat(job(trace, 1).submitTimeNs()).isEqualTo(1_000_000);
    assertThat(job(trace, 2).preparationNs()).isZero();
  }

  @Test
  void aPrepareCellThatIsNotADurationNamesTheLineAndColumn() {
    readingTrace("""
        job_id,queue,context,priority,engine,submit,prepare,grid_blocks,threads_per_block,\
        registers_per_thread,shared_memory_per_block,block_time
        1,q,c,low,compute,0,soon,1,32,0,0,100us
        """).hasMessageContaining("t.csv:2").hasMessageContaining("prepare");
  }
}
