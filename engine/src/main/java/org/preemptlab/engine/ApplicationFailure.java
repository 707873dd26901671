package org.preemptlab.engine;

/**
 * An application threw from one of its callbacks (or the engine refused what it asked for in
 * one: a job on a queue that is not its own, a kernel whose block fits no SM). The run stops; its
 * caller decides whether the cause is the user's input (an {@link IllegalArgumentException}: a
 * one-line error) or the plugin's bug.
 */
public final class ApplicationFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String application;
  private final String callback;

  /**
   * @param application the application's name in messages ({@link RunApplication#name()})
   * @param callback the callback that failed, e.g. {@code onJobFinished}
   * @param cause what it threw
   */
  public ApplicationFailure(String application, String callback, RuntimeException cause) {
    super(application + " failed in " + callback + ": " + cause, cause);
    this.application = application;
    this.callback = callback;
  }

  /** The application's name in messages. */
  public String application() {
    return application;
  }

  /** The callback that failed. */
  public String callback() {
    return callback;
  }

  @Override
  public synchronized RuntimeException getCause() {
    return (RuntimeException) super.getCause();
  }
}
