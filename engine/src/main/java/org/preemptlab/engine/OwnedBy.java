package org.preemptlab.engine;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the engine parts that may write a field of a shared state object ({@link SimJob}): any
 * part may read it, only these change it. An architecture rule checks every write; a part that
 * needs a field changed asks its owner through the owner's interface.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
@interface OwnedBy {
  /** The parts that write the field. */
  Class<?>[] value();
}
