package io.ordo.deploy.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every message's timeline as CSV ({@code --timeline FILE}), one line per message with the
 * node's epoch milliseconds, for looking at a run second by second (e.g. whether runners fell
 * behind registration).
 */
final class TimelineCsv {
  private TimelineCsv() {}

  static void write(Path file, List<TaskTimeline> timelines) {
    List<String> lines = new ArrayList<>(timelines.size() + 1);
    lines.add("messageId,scheduled,accepted,started,ended,lastEventType,attempts");
    for (TaskTimeline t : timelines) {
      lines.add(
          String.join(
              ",",
              t.messageId(),
              Long.toString(t.scheduled()),
              Long.toString(t.accepted()),
              Long.toString(t.started()),
              Long.toString(t.ended()),
              t.lastEventType(),
              Integer.toString(t.attempts())));
    }
    try {
      Files.write(file, lines);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
