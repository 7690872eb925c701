package io.ordo.deploy.load;

import io.vertx.core.AsyncResult;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * The registrations of a run as the client saw them: the accepted ones (in order), the refused ones
 * with the first refusal's text, and the wall time from the first request sent to the last answer
 * received. Registrations per second are accepted registrations over that time.
 */
final class Registrations {
  private final List<OrdoHttp.Registration> accepted = new ArrayList<>();
  private int refused;
  private String firstRefusal;
  private final double seconds;

  Registrations(List<AsyncResult<OrdoHttp.Registration>> results, long elapsedNanos) {
    for (AsyncResult<OrdoHttp.Registration> result : results) {
      if (result.succeeded()) {
        accepted.add(result.result());
      } else {
        refused++;
        if (firstRefusal == null) {
          firstRefusal = String.valueOf(result.cause().getMessage());
        }
      }
    }
    this.seconds = elapsedNanos / 1e9;
  }

  List<String> messageIds() {
    return accepted.stream().map(OrdoHttp.Registration::messageId).toList();
  }

  /** The ids of the accepted registrations among {@code results}, in order. */
  static List<String> acceptedIds(List<AsyncResult<OrdoHttp.Registration>> results) {
    return results.stream()
        .filter(AsyncResult::succeeded)
        .map(result -> result.result().messageId())
        .toList();
  }

  /** Request sent → 201 received, per registration. */
  Percentiles roundTrips() {
    return Percentiles.of(accepted.stream().mapToDouble(r -> r.roundTripNanos() / 1e6).toArray());
  }

  void describeInto(Report report) {
    report.rate("registrations", accepted.size(), seconds, "registrations");
    if (refused > 0) {
      report.line("registrations refused", refused + ", first: " + firstRefusal);
    }
    report.line("registration round trip", roundTrips().describe());
    JsonObject figures = report.figures();
    figures
        .put("registered", accepted.size())
        .put("registrationsRefused", refused)
        .put("registrationSeconds", Report.round(seconds))
        .put("registrationsPerSecond", Report.round(accepted.size() / seconds))
        .put("registrationRoundTripMillis", roundTrips().toJson());
  }
}
