package io.ordo.task;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a task class's aliases and default timeouts (SPEC 9.3). Optional: a task class without
 * it is known by its class name alone, with no timeouts. Timeouts are seconds or {@code "NONE"}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TaskType {
  /** Short names a message or a state machine's {@code Resource} may use. */
  String[] aliases() default {};

  String scheduleToStart() default "NONE";

  String startToClose() default "NONE";

  String heartbeat() default "NONE";

  String scheduleToClose() default "NONE";
}
