package io.ordo.queue.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.model.QueueKind;
import io.ordo.model.RetryPolicy;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which refusals a report would meet again, and the plainest form of each kind of report. */
class RefusedReportTest {
  @Test
  void dataExceptionsAndProgramLimits_areRefusalsOfTheData_deadlocksAndLostConnectionsAreNot() {
    assertTrue(RefusedReport.forItsData(pg("22P05")), "unsupported Unicode escape");
    assertTrue(RefusedReport.forItsData(pg("22003")), "numeric value out of range");
    assertTrue(RefusedReport.forItsData(pg("54000")), "program limit exceeded");
    assertFalse(RefusedReport.forItsData(pg("40P01")), "deadlock");
    assertFalse(RefusedReport.forItsData(pg("57P01")), "admin shutdown");
    assertFalse(RefusedReport.forItsData(new IllegalStateException("connection closed")));
  }

  @Test
  void aCompletionOrFailure_becomesAFailureNamingTheRefusal_withoutTheRefusedData() {
    TaskReport completed = report(ReportType.COMPLETED, new JsonObject().put("result", "too much"));
    TaskReport plain = RefusedReport.plainest(completed, "22003").orElseThrow();
    assertEquals(ReportType.FAILED, plain.type());
    assertEquals(completed.version(), plain.version());
    assertEquals(completed.time(), plain.time());
    assertEquals(RetryPolicy.RESULT_REFUSED, plain.data().getString("error"));
    assertEquals(
        "the database refused the task's result (SQLSTATE 22003); it was not stored",
        plain.data().getString("cause"));
    assertFalse(plain.data().encode().contains("too much"));

    TaskReport failed = report(ReportType.FAILED, new JsonObject().put("cause", "too much"));
    JsonObject failure = RefusedReport.plainest(failed, "54000").orElseThrow().data();
    assertEquals(RetryPolicy.ERROR_REFUSED, failure.getString("error"));
    assertEquals(
        "the database refused the task's error (SQLSTATE 54000); it was not stored",
        failure.getString("cause"));
  }

  @Test
  void aHeartbeatLosesItsDetails_andReportsOfOrdosOwnValuesHaveNoPlainerForm() {
    TaskReport heartbeat = report(ReportType.HEARTBEAT, new JsonObject().put("details", "x"));
    TaskReport plain = RefusedReport.plainest(heartbeat, "22P05").orElseThrow();
    assertEquals(ReportType.HEARTBEAT, plain.type());
    assertEquals(new JsonObject(), plain.data());
    assertEquals(Optional.empty(), RefusedReport.plainest(plain, "22P05"));
    assertEquals(
        Optional.empty(),
        RefusedReport.plainest(report(ReportType.STARTED, new JsonObject()), "22P05"));
    assertEquals(
        Optional.empty(),
        RefusedReport.plainest(
            report(ReportType.RELEASED, new JsonObject().put("reentry", true)), "22P05"));
  }

  private static TaskReport report(ReportType type, JsonObject data) {
    return new TaskReport(
        type,
        "acme",
        "m-1",
        QueueKind.PARALLEL,
        "",
        "00000000-0000-0000-0000-000000000001",
        3,
        Instant.parse("2026-01-01T12:00:00Z"),
        data);
  }

  private static PgException pg(String sqlState) {
    return new PgException("refused", "ERROR", sqlState, null);
  }
}
