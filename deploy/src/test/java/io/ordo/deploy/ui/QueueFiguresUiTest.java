package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The admin UI's farm figures and list polish in a real headless Chromium: each queue's figures of
 * the last hour, the waiting list's pages past 100 and its filter, times with their dates on the
 * 24-hour clock, and the state graph fitted to its frame when first drawn.
 */
@Tag("browser")
class QueueFiguresUiTest extends BrowserTest {
  private static final Pattern DATE_TIME =
      Pattern.compile("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$");

  @Test
  void overviewAndQueueScreen_showTheLastHoursFiguresOfEachQueue() {
    Tasks tasks = new Tasks(api);
    List<String> ended = new ArrayList<>();
    ended.add(tasks.parallel("Echo", new JsonObject()));
    ended.add(tasks.parallel("Echo", new JsonObject()));
    ended.add(tasks.parallel("Fail", new JsonObject().put("message", "as asked")));
    ended.forEach(id -> tasks.await(id, "DISPOSED"));

    Page page = signedIn();
    Locator parallel = page.locator("#figures-table tbody tr[data-queue='parallel']");
    assertThat(parallel.locator(".figure-ended")).hasText("3");
    assertThat(parallel.locator(".figure-completed")).hasText("2");
    assertThat(parallel.locator("td[data-label='Failed']")).hasText("1");
    assertThat(parallel.locator("td[data-label='Failed']")).hasClass("num figure-failed");
    snapshot(page, "queues-figures");

    parallel.getByText("Parallel queue").click();
    assertThat(heading(page)).hasText("Parallel queue");
    assertThat(page.locator("#queue-figures"))
        .hasText("Last hour: 3 ended · 2 completed · 1 failed · 0 timed out");
  }

  @Test
  void waitingList_pagesPastAHundred_andFiltersAPage() {
    setParallelActive(false);
    Tasks tasks = new Tasks(api);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 105; i++) {
      ids.add(tasks.parallel("Echo", new JsonObject().put("i", i)));
    }

    Page page = signedIn();
    page.navigate(uiUrl() + "#/queues/parallel");
    Locator rows = page.locator("#waiting-table tbody tr");
    assertThat(rows).hasCount(100);
    assertThat(page.locator(".pager-range")).hasText("Showing 1–100 of 105");
    assertThat(button(page, "Previous page")).isDisabled();

    // A page that cannot be read: the error is shown, the page shown stays.
    Pattern laterPages = Pattern.compile(".*waitingPageToken=.*");
    page.route(laterPages, Route::abort);
    button(page, "Next page").click();
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("Changing the page failed");
    assertThat(page.locator(".pager-range")).hasText("Showing 1–100 of 105");
    assertThat(button(page, "Previous page")).isDisabled();
    page.unroute(laterPages);

    button(page, "Next page").click();
    assertThat(page.locator(".pager-range")).hasText("Showing 101–105 of 105");
    assertThat(rows).hasCount(5);
    assertThat(rows.first()).hasAttribute("data-message-id", ids.get(100));
    assertThat(rows.first().locator("td[data-label='Position']")).hasText("101");
    assertThat(button(page, "Next page")).isDisabled();
    snapshot(page, "waiting-page-2");

    button(page, "Previous page").click();
    assertThat(page.locator(".pager-range")).hasText("Showing 1–100 of 105");
    assertThat(rows.first()).hasAttribute("data-message-id", ids.get(0));
    page.getByLabel("Filter this page").fill(ids.get(42));
    assertThat(rows).hasCount(1);
    assertThat(rows.first().locator("td[data-label='Position']")).hasText("43");

    // every time with its date, on the 24-hour clock
    assertThat(rows.first().locator("td[data-label='Received'] time")).hasText(DATE_TIME);
    assertThat(page.locator(".freshness span").first())
        .hasText(Pattern.compile("^Updated \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} · "));
  }

  @Test
  void aQueueThatDoesNotExist_saysSo_andItsErrorStays() {
    Page page = signedIn();
    page.navigate(uiUrl() + "#/queues/serial/nope");
    assertThat(page.locator("#queue-missing"))
        .hasText("nope does not exist: there is no such queue (or it was removed).");
    // The figures, refreshed by a loop of their own, succeed: they leave the list's error alone.
    assertThat(page.locator("#queue-figures")).containsText("Last hour: 0 ended");
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("queue_not_found");
  }

  @Test
  void stateGraph_isFittedToItsFrameAtFirstDraw() {
    StringBuilder states = new StringBuilder();
    int count = 40;
    for (int i = 0; i < count; i++) {
      states
          .append(i == 0 ? "" : ",")
          .append("\"S")
          .append(i)
          .append("\": {\"Type\": \"Pass\", ")
          .append(i == count - 1 ? "\"End\": true}" : "\"Next\": \"S" + (i + 1) + "\"}");
    }
    JsonObject definition = new JsonObject("{\"StartAt\": \"S0\", \"States\": {" + states + "}}");
    Api.Reply saved =
        api.put("/state-machines/Chain", new JsonObject().put("definition", definition));
    assertEquals(201, saved.status(), () -> saved.body().toString());

    Page page = signedIn();
    page.navigate(uiUrl() + "#/state-machines/Chain");
    Locator area = page.locator("#machine-graph");
    Locator svg = area.locator("svg.state-graph");
    assertThat(svg.locator("[data-state='S39']")).hasCount(1);
    assertThat(page.locator(".graph-fit-toggle")).hasAttribute("aria-pressed", "true");
    assertFits(area, svg);
    snapshot(page, "graph-fitted");

    page.locator(".graph-fit-toggle").click();
    assertThat(page.locator(".graph-fit-toggle")).hasAttribute("aria-pressed", "false");
    assertThat(svg).hasAttribute("height", svg.getAttribute("data-height"));
    assertTrue(
        svg.boundingBox().height > area.boundingBox().height,
        "at its actual size, forty states are taller than the frame");
  }

  private static void assertFits(Locator area, Locator svg) {
    var frame = area.boundingBox();
    var drawing = svg.boundingBox();
    assertTrue(
        drawing.x >= frame.x - 0.5 && drawing.x + drawing.width <= frame.x + frame.width + 0.5,
        () -> "the drawing fits the frame's width: " + box(drawing) + " in " + box(frame));
    assertTrue(
        drawing.y >= frame.y - 0.5 && drawing.y + drawing.height <= frame.y + frame.height + 0.5,
        () -> "the drawing fits the frame's height: " + box(drawing) + " in " + box(frame));
    assertEquals(
        Boolean.FALSE,
        area.evaluate("a => a.scrollHeight > a.clientHeight || a.scrollWidth > a.clientWidth"),
        "nothing to scroll");
  }

  private static String box(com.microsoft.playwright.options.BoundingBox b) {
    return b.x + "," + b.y + " " + b.width + "x" + b.height;
  }

  private void setParallelActive(boolean active) {
    Api.Reply reply = api.put("/parallel-queue/active", new JsonObject().put("active", active));
    assertEquals(200, reply.status(), () -> reply.body().toString());
  }
}
