package io.ordo.statemachine.language;

import java.util.List;

/** Checks that a Wait state says, in exactly one way, what it waits for. */
final class WaitChecks {

  static final List<String> FIELDS =
      List.of("Seconds", "Timestamp", "SecondsPath", "TimestampPath");

  private WaitChecks() {}

  static void check(FieldReader fields) {
    List<String> given = FIELDS.stream().filter(fields::has).toList();
    if (given.isEmpty()) {
      fields
          .problems()
          .add(
              fields.location(),
              "a Wait state needs one of Seconds, Timestamp, SecondsPath, TimestampPath");
    } else if (given.size() > 1) {
      fields
          .problems()
          .add(fields.location(), "a Wait state must have only one of " + String.join(", ", given));
    }
    fields.integer("Seconds", 0, (int) WaitFor.MAX_SECONDS);
    fields
        .string("Timestamp")
        .filter(timestamp -> Timestamps.parse(timestamp).isEmpty())
        .ifPresent(
            timestamp ->
                fields.report(
                    "Timestamp",
                    "Timestamp '"
                        + timestamp
                        + "' is not an RFC 3339 timestamp such as 2016-03-14T01:59:00Z"));
    PathChecks.referencePath(fields, "SecondsPath");
    PathChecks.referencePath(fields, "TimestampPath");
  }
}
