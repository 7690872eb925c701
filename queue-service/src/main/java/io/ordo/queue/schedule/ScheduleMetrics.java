package io.ordo.queue.schedule;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Counters of schedule fires and skips: {@code ordo_schedule_fires_total{tenant, cause}} and {@code
 * ordo_schedule_skips_total{tenant, reason}}.
 */
interface ScheduleMetrics {
  ScheduleMetrics NONE = event -> {};

  /** A history entry was committed. */
  void recorded(ScheduleEvent event);

  static ScheduleMetrics of(MeterRegistry registry) {
    return event -> {
      boolean fired = ScheduleEvent.FIRED.equals(event.eventType());
      Counter.builder(fired ? "ordo.schedule.fires" : "ordo.schedule.skips")
          .description(
              fired ? "Runs started by schedules" : "Schedule slots that did not start a run")
          .tag("tenant", event.tenant())
          .tag(fired ? "cause" : "reason", fired ? event.cause() : event.reason())
          .register(registry)
          .increment();
    };
  }
}
