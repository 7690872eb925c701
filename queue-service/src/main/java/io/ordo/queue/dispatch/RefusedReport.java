package io.ordo.queue.dispatch;

import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import java.util.Optional;

/**
 * A report PostgreSQL refused for what it carries, and its plainest form: what is applied instead,
 * so that the message still ends (or its heartbeat still counts) without the data that was refused.
 */
final class RefusedReport {
  /** The error type a task's failure names when its own outcome could not be stored. */
  static final String ERROR_TYPE = "io.ordo.ReportRefused";

  private RefusedReport() {}

  /**
   * Whether PostgreSQL refused a statement for the values it carried: a data exception (SQLSTATE
   * class 22, e.g. a character or number jsonb cannot hold) or a program limit (class 54, e.g. a
   * value too large), which the same report would meet again however often it is sent.
   */
  static boolean forItsData(Throwable error) {
    return error instanceof PgException pg
        && pg.getSqlState() != null
        && (pg.getSqlState().startsWith("22") || pg.getSqlState().startsWith("54"));
  }

  /**
   * The report without what may have been refused: a completion or failure becomes a failure of
   * type {@link #ERROR_TYPE} that names the SQLSTATE (the task's result or error is not kept; a
   * retry policy applies to it as to any failure), a heartbeat loses its details. Other reports
   * (start, rejection, release) carry only what Ordo itself put there, and have no plainer form.
   */
  static Optional<TaskReport> plainest(TaskReport report, String sqlState) {
    return switch (report.type()) {
      case COMPLETED, FAILED ->
          Optional.of(
              with(
                  report,
                  ReportType.FAILED,
                  new JsonObject()
                      .put("error", ERROR_TYPE)
                      .put(
                          "cause",
                          "the database refused the task's "
                              + (report.type() == ReportType.COMPLETED ? "result" : "error")
                              + " (SQLSTATE "
                              + sqlState
                              + "); it was not stored")
                      .put("details", "")));
      case HEARTBEAT ->
          report.data().isEmpty()
              ? Optional.empty()
              : Optional.of(with(report, ReportType.HEARTBEAT, new JsonObject()));
      default -> Optional.empty();
    };
  }

  private static TaskReport with(TaskReport report, ReportType type, JsonObject data) {
    return new TaskReport(
        type,
        report.tenant(),
        report.messageId(),
        report.kind(),
        report.queueId(),
        report.ownerId(),
        report.version(),
        report.time(),
        data);
  }
}
