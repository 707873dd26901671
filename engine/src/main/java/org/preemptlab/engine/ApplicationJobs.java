package org.preemptlab.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.application.JobRequest;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.Kernel;

/**
 * The jobs applications submit during a run, for their hosts ({@link ApplicationHost}): each gets
 * the next id above the workload's, its kernel's program instrumented once per distinct kernel
 * (after the fits-on-an-SM check), one credit, and in a serial queue it waits for the queue's
 * previous job to finish; it is then appended to the run's jobs and submitted by the launcher.
 */
final class ApplicationJobs implements ApplicationSubmissions {
  private final RunServices run;
  private final RunJobs jobs;
  private final JobDependencies dependencies;
  /** The launcher's submission of a job now. */
  private final Consumer<SimJob> submit;
  /**
   * Applications' kernels as the preemption strategy instrumented them, by value (an application
   * may build an equal kernel for every iteration): one entry per distinct kernel shape.
   */
  private final Map<Kernel, BlockProgram> programs = new HashMap<>();
  /** The id of the next job an application submits: above every id of the workload. */
  private long nextId;
  /** Told of each job an application submits, or null. */
  private ObjIntConsumer<Job> observer;

  ApplicationJobs(RunServices run, RunJobs jobs, JobDependencies dependencies,
      Consumer<SimJob> submit) {
    this.run = run;
    this.jobs = jobs;
    this.dependencies = dependencies;
    this.submit = submit;
    JobList specs = jobs.specs();
    long maxId = -1;
    for (int i = 0; i < specs.size(); i++) {
      maxId = Math.max(maxId, specs.id(i));
    }
    nextId = maxId + 1;
  }

  /** Where jobs an application submits are reported, with their index. */
  void observe(ObjIntConsumer<Job> observer) {
    this.observer = observer;
  }

  /**
   * {@inheritDoc}
   *
   * @throws ApplicationHost.EngineSide if the engine or a plugin fails while taking the job
   */
  @Override
  public long submitFromApplication(SimQueue queue, JobRequest request) {
    Kernel kernel = request.kernel();
    long id = nextId;
    Job job = new Job(id, queue.spec.id(), run.now(), 1, List.of(), request.deadlineNs(), 0,
        kernel);
    BlockProgram program = programs.get(kernel);
    if (program == null) {
      try {
        jobs.checkFits(job);
      } catch (ConfigurationException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      try {
        program = jobs.instrumented(kernel);
      } catch (RuntimeException e) {
        throw new ApplicationHost.EngineSide(e);
      }
      programs.put(kernel, program);
    }
    nextId++;
    boolean waitsForPrevious = queue.spec.serial() && queue.orderSize > 0
        && !jobs.isFinished(queue.order[queue.orderSize - 1]);
    SimJob simJob = jobs.append(job, queue, program);
    dependencies.appended(simJob.index, waitsForPrevious);
    queue.append(simJob.index);
    try {
      if (observer != null) {
        observer.accept(job, simJob.index);
      }
      submit.accept(simJob);
    } catch (RuntimeException e) {
      throw new ApplicationHost.EngineSide(e);
    }
    return id;
  }
}
