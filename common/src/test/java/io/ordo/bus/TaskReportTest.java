package io.ordo.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.ordo.model.QueueKind;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A report's data is what PostgreSQL's jsonb can store, whatever a task put into it. */
class TaskReportTest {
  @Test
  void aNulInTheData_becomesTheReplacementCharacter_inKeysStringsAndArrays() {
    JsonObject data =
        new JsonObject()
            .put("error", "java.lang.NumberFormatException")
            .put("cause", "For input string: \"12\u00003\"")
            .put(
                "details",
                new JsonObject().put("k\u0000ey", new JsonArray().add("a\u0000").add(7)));

    TaskReport report = report(data);

    assertEquals(
        new JsonObject()
            .put("error", "java.lang.NumberFormatException")
            .put("cause", "For input string: \"12\uFFFD3\"")
            .put(
                "details",
                new JsonObject().put("k\uFFFDey", new JsonArray().add("a\uFFFD").add(7))),
        report.data());
    assertEquals(report.data(), TaskReport.fromJson(report.toJson()).data());
  }

  @Test
  void dataWithoutANul_isKeptAsItIs() {
    JsonObject data = new JsonObject().put("result", new JsonArray().add("fine").add(1));
    assertSame(data, report(data).data());
  }

  private static TaskReport report(JsonObject data) {
    return new TaskReport(
        ReportType.FAILED,
        "default",
        "0192f2a8-aaaa-7bbb-8ccc-000000000000",
        QueueKind.PARALLEL,
        "",
        "owner",
        1,
        Instant.parse("2026-01-01T00:00:00Z"),
        data);
  }
}
