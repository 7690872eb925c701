package io.ordo.queue.dispatch;

import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.model.RetryPolicy;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import java.util.Optional;

/**
 * A report PostgreSQL refused for what it carries, and its plainest form: what is applied instead,
 * so that the message still ends (or its heartbeat still counts) without the data that was refused.
 */
final class RefusedReport {
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
   * The report without what may have been refused: a completion becomes a failure of type {@link
   * RetryPolicy#RESULT_REFUSED} (never retried: the run did its work), a failure one of type {@link
   * RetryPolicy#ERROR_REFUSED} (retried as the failure it stands for), each naming the SQLSTATE and
   * keeping nothing of the refused result or error; a heartbeat loses its details (the task info's
   * last details are cleared). Other reports (start, rejection, release) carry only what Ordo
   * itself put there, and have no plainer form.
   */
  static Optional<TaskReport> plainest(TaskReport report, String sqlState) {
    return switch (report.type()) {
      case COMPLETED -> Optional.of(failed(report, RetryPolicy.RESULT_REFUSED, "result", sqlState));
      case FAILED -> Optional.of(failed(report, RetryPolicy.ERROR_REFUSED, "error", sqlState));
      case HEARTBEAT ->
          report.data().isEmpty()
              ? Optional.empty()
              : Optional.of(with(report, ReportType.HEARTBEAT, new JsonObject()));
      default -> Optional.empty();
    };
  }

  /** The report as a failure of type {@code error}, saying which of its values was refused. */
  private static TaskReport failed(TaskReport report, String error, String what, String sqlState) {
    return with(
        report,
        ReportType.FAILED,
        new JsonObject()
            .put("error", error)
            .put(
                "cause",
                "the database refused the task's "
                    + what
                    + " (SQLSTATE "
                    + sqlState
                    + "); it was not stored")
            .put("details", ""));
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
