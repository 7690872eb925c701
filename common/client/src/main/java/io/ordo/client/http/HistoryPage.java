package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A page of a history.
 *
 * @param events the page's events, in the order asked for
 * @param nextPageToken the token of the next page; null on the last page
 */
public record HistoryPage(List<HistoryEvent> events, String nextPageToken) {
  /** Keeps an unmodifiable copy of the events. */
  public HistoryPage {
    events = List.copyOf(events);
  }

  /** Whether a page follows this one. */
  public boolean hasNextPage() {
    return nextPageToken != null;
  }

  static HistoryPage read(JsonNode json) {
    Json.object(json, "a page of history");
    List<HistoryEvent> events = new ArrayList<>();
    json.path("events").forEach(event -> events.add(HistoryEvent.read(event)));
    return new HistoryPage(events, Json.text(json, "nextPageToken"));
  }
}
