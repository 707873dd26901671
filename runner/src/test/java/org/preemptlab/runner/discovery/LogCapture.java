package org.preemptlab.runner.discovery;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.Property;

/** Captures what one Log4j 2 logger writes at WARN and above while it is open. */
final class LogCapture extends AbstractAppender implements AutoCloseable {
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final Logger logger;
  private final Level previous;

  private LogCapture(Class<?> source) {
    super("capture-" + source.getSimpleName(), null, null, true, Property.EMPTY_ARRAY);
    this.logger = (Logger) LogManager.getLogger(source);
    this.previous = logger.getLevel();
    start();
    Configurator.setLevel(logger.getName(), Level.WARN);
    logger.addAppender(this);
  }

  /** Starts capturing the logger of {@code source}. */
  static LogCapture of(Class<?> source) {
    return new LogCapture(source);
  }

  @Override
  public void append(LogEvent event) {
    if (event.getLevel().isMoreSpecificThan(Level.WARN)) {
      warnings.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
    }
  }

  /** Every warning so far, as {@code "WARN message"}. */
  List<String> warnings() {
    return warnings;
  }

  @Override
  public void close() {
    logger.removeAppender(this);
    Configurator.setLevel(logger.getName(), previous);
    stop();
  }
}
