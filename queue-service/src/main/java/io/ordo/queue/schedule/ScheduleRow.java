package io.ordo.queue.schedule;

import static io.ordo.db.SqlTimes.instant;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code ordo_schedule}.
 *
 * @param spec the schedule as given ({@link ScheduleSpec#toJson()})
 * @param nextFireAt the next slot to fire
 * @param bufferedFireAt a slot kept by {@code BUFFER_ONE} until the previous run ends, or null
 * @param lastRunId the message or execution the schedule started last, or null
 * @param lastRunKind {@code task} or {@code execution}, or null
 * @param version + 1 on every change
 */
record ScheduleRow(
    String tenant,
    String scheduleId,
    JsonObject spec,
    boolean paused,
    Instant nextFireAt,
    Instant bufferedFireAt,
    UUID lastRunId,
    String lastRunKind,
    long version,
    Instant createdAt,
    Instant updatedAt) {

  static final String COLUMNS =
      "tenant, schedule_id, spec, paused, next_fire_at, buffered_fire_at, last_run_id,"
          + " last_run_kind, version, created_at, updated_at";

  static ScheduleRow of(Row row) {
    return new ScheduleRow(
        row.getString("tenant"),
        row.getString("schedule_id"),
        (JsonObject) row.getJson("spec"),
        row.getBoolean("paused"),
        instant(row.getOffsetDateTime("next_fire_at")),
        instant(row.getOffsetDateTime("buffered_fire_at")),
        row.getUUID("last_run_id"),
        row.getString("last_run_kind"),
        row.getLong("version"),
        instant(row.getOffsetDateTime("created_at")),
        instant(row.getOffsetDateTime("updated_at")));
  }

  ScheduleSpec parsedSpec() {
    return ScheduleSpec.stored(spec);
  }

  /** The row after a fire or skip: the next slot, the buffered slot, the last run. */
  ScheduleRow advanced(Instant next, Instant buffered, UUID runId, String runKind) {
    return new ScheduleRow(
        tenant,
        scheduleId,
        spec,
        paused,
        next,
        buffered,
        runId,
        runKind,
        version,
        createdAt,
        updatedAt);
  }
}
