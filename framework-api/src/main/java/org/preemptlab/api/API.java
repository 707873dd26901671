package org.preemptlab.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How far a plugin author may rely on a public type or member, after JUnit's {@code @API} (the
 * apiguardian annotation, {@code org.apiguardian.api.API}). Applied to every SPI type of {@code
 * framework-api}; a member may carry its own status when it differs from its type's.
 *
 * <p>Kept at run time, so a test can check that every SPI type is marked.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@API(status = API.Status.STABLE, since = "0.1")
public @interface API {

  /** The status of the annotated element. */
  Status status();

  /** The version in which the element got this status, for example {@code "0.1"}. */
  String since() default "";

  /** The statuses, in order of decreasing promise. */
  enum Status {
    /**
     * Will not change incompatibly within a major version; removal only after {@link #DEPRECATED}
     * for at least one minor version.
     */
    STABLE,
    /** New and open to change, even incompatibly, in any release; feedback welcome. */
    EXPERIMENTAL,
    /** Still there, but will be removed in a future release; the javadoc names the replacement. */
    DEPRECATED,
    /** For the framework's own modules only; may change without notice. Plugins must not use it. */
    INTERNAL
  }
}
