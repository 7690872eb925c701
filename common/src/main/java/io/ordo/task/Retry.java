package io.ordo.task;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a task class's default retry policy (Temporal's names and defaults): a message of the
 * type that sets no {@code retry} of its own is retried this way when a run fails. Without it, a
 * failure ends the message (as before retry policies existed).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Retry {
  /** The most runs that may fail, the first included; 0 for no limit. */
  int maximumAttempts() default 0;

  double initialIntervalSeconds() default 1;

  double backoffCoefficient() default 2;

  /** The longest wait; 0 for 100 times the initial interval. */
  double maximumIntervalSeconds() default 0;

  /** Error types (exception class names) that are never retried. */
  String[] nonRetryableErrors() default {};
}
