package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The admin UI's Tasks and Executions screens in a real headless Chromium: the failed tasks a click
 * away from the overview, re-run, filters, paging; executions across state machines.
 */
@Tag("browser")
class TasksUiTest extends BrowserTest {

  @Test
  void operatorFollowsTheFailedLink_andRerunsTheFailedTask() {
    String completed = register(new JsonObject().put("taskClassName", "Echo"));
    String failed =
        register(
            new JsonObject()
                .put("taskClassName", "Fail")
                .put("parameter", new JsonObject().put("message", "boom")));
    awaitDisposed(completed);
    awaitDisposed(failed);

    Page page = signedIn();
    Locator link = page.locator("#failed-last-hour");
    assertThat(link).hasText("Failed in the last hour: 1");
    link.click();

    assertThat(heading(page)).hasText("Tasks");
    assertThat(page).hasURL(Pattern.compile(".*#/tasks\\?status=FAILED&since=.*"));
    Locator rows = page.locator("#tasks-table tbody tr");
    assertThat(rows).hasCount(1);
    Locator row = rows.first();
    assertThat(row).containsText(failed);
    assertThat(row).containsText("FAILED");
    assertThat(row).containsText("no retry policy");
    assertThat(page.locator("#tasks-status-FAILED")).isChecked();
    snapshot(page, "tasks-failed");

    row.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Re-run task " + failed))
        .click();
    Locator status = page.getByRole(AriaRole.STATUS);
    assertThat(status).containsText("Re-run as");
    String rerun = status.getByRole(AriaRole.LINK).textContent();
    JsonObject scheduled = api.history("/tasks/" + rerun + "/history").get(0);
    assertEquals(
        failed, scheduled.getJsonObject("taskScheduledEventAttributes").getString("rerunOf"));

    page.navigate(uiUrl() + "#/tasks");
    assertThat(page.locator("#tasks-table tbody tr[data-message-id='" + completed + "']"))
        .containsText("COMPLETED");
  }

  @Test
  void theTaskClassFilter_takesTheSimpleNameTheListShows() {
    String failed =
        register(
            new JsonObject()
                .put("taskClassName", "Fail")
                .put("parameter", new JsonObject().put("message", "boom")));
    String echoed = register(new JsonObject().put("taskClassName", "Echo"));
    awaitDisposed(failed);
    awaitDisposed(echoed);

    Page page = signedIn();
    nav(page, "Tasks");
    Locator rows = page.locator("#tasks-table tbody tr");
    assertThat(rows).hasCount(2);
    assertThat(rows.filter(hasText(failed)).locator("td[data-label='Task']")).hasText("FailTask");
    page.getByLabel("Task class name").fill("FailTask");
    button(page, "Apply filters").click();
    assertThat(page)
        .hasURL(Pattern.compile(".*#/tasks\\?taskClassName=io\\.ordo\\.samples\\.FailTask$"));
    assertThat(rows).hasCount(1);
    assertThat(rows.first()).containsText(failed);
    assertThat(page.getByLabel("Task class name")).hasValue("io.ordo.samples.FailTask");
  }

  @Test
  void aStackTraceInTheHistory_isShownOnItsLines() {
    String failed =
        register(
            new JsonObject()
                .put("taskClassName", "Fail")
                .put("parameter", new JsonObject().put("message", "boom")));
    awaitDisposed(failed);

    Page page = signedIn();
    page.navigate(uiUrl() + "#/tasks/" + failed);
    Locator details =
        page.locator("#timeline li")
            .filter(hasText("TaskFailed"))
            .locator("dt:text-is('details') + dd");
    // as the browser shows it (innerText), not as the page's text holds it
    assertThat(details)
        .containsText(
            Pattern.compile("SampleFailure: .*\\n\\s*at io\\.ordo\\.samples\\.FailTask\\.run"),
            new LocatorAssertions.ContainsTextOptions().setUseInnerText(true));
  }

  @Test
  void operatorFiltersWaitingTasks_andPagesThroughThem() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    for (int i = 0; i < 55; i++) {
      register(new JsonObject().put("taskClassName", "Echo"));
    }

    Page page = signedIn();
    nav(page, "Tasks");
    assertThat(heading(page)).hasText("Tasks");
    page.locator("#tasks-status-WAITING").check();
    button(page, "Apply filters").click();
    assertThat(page).hasURL(Pattern.compile(".*#/tasks\\?status=WAITING$"));

    Locator rows = page.locator("#tasks-table tbody tr");
    assertThat(rows).hasCount(50);
    assertThat(rows.first()).containsText("WAITING");
    button(page, "Next page ›").click();
    assertThat(rows).hasCount(5);
    assertThat(page.locator(".page-number")).hasText("Page 2");
    assertThat(button(page, "Next page ›")).isDisabled();
    button(page, "‹ Previous page").click();
    assertThat(rows).hasCount(50);
    assertThat(rows.first().getByRole(AriaRole.BUTTON)).hasCount(0); // no re-run while waiting
    snapshot(page, "tasks-waiting");

    page.getByLabel("Message id").fill(rows.first().getAttribute("data-message-id"));
    button(page, "Open task").click();
    assertThat(heading(page)).containsText("Task");
  }

  /** 55 waiting tasks, the task list's first page of them shown (50). */
  private Page firstPageOf55Waiting() {
    waitingTasks(55);
    Page page = signedIn();
    page.navigate(uiUrl() + "#/tasks?status=WAITING");
    assertThat(page.locator("#tasks-table tbody tr")).hasCount(50);
    return page;
  }

  @Test
  void theTasksPageShown_refreshesInPlace_andApplyAndClearAlwaysReload() {
    Page page = firstPageOf55Waiting();
    Locator rows = page.locator("#tasks-table tbody tr");
    button(page, "Next page ›").click();
    assertThat(rows).hasCount(5);

    // Removed elsewhere: the page shown is read again by itself, and stays the page shown.
    Api.Reply removed = api.delete("/tasks/" + rows.first().getAttribute("data-message-id"));
    assertEquals(204, removed.status(), () -> removed.body().toString());
    assertThat(rows).hasCount(4);
    assertThat(page.locator(".page-number")).hasText("Page 2");

    // Applying the same filters (the same hash) reads the list again, from its first page.
    button(page, "Apply filters").click();
    assertThat(page.locator(".page-number")).hasText("Page 1");
    assertThat(rows).hasCount(50);

    // Clear on the unfiltered list (the same hash again) resets what was not applied.
    nav(page, "Tasks");
    assertThat(rows).hasCount(50);
    page.locator("#tasks-status-FAILED").check();
    page.locator("#tasks-filter")
        .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("Clear"))
        .click();
    assertThat(page.locator("#tasks-status-FAILED")).not().isChecked();
  }

  @Test
  void aPageChangeThatFails_isShown_andThePagerStaysOnThePageShown() {
    Page page = firstPageOf55Waiting();
    Locator rows = page.locator("#tasks-table tbody tr");

    Pattern laterPages = Pattern.compile(".*/api/v1/tasks\\?.*nextPageToken=.*");
    page.route(laterPages, Route::abort);
    button(page, "Next page ›").click();
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("Listing tasks failed");
    assertThat(page.locator(".page-number")).hasText("Page 1");
    assertThat(button(page, "‹ Previous page")).isDisabled();
    assertThat(rows).hasCount(50);

    page.unroute(laterPages);
    button(page, "Next page ›").click();
    assertThat(page.locator(".page-number")).hasText("Page 2");
    assertThat(rows).hasCount(5);
    button(page, "‹ Previous page").click();
    assertThat(page.locator(".page-number")).hasText("Page 1");
    assertThat(rows).hasCount(50);
    assertThat(button(page, "‹ Previous page")).isDisabled();
  }

  @Test
  void operatorListsExecutionsOfEveryMachine_byStatus() {
    putMachine(
        "Waiting",
        "{\"StartAt\":\"W\",\"States\":{\"W\":{\"Type\":\"Wait\",\"Seconds\":3600,\"End\":true}}}");
    putMachine("Done", "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"End\":true}}}");
    String running = start("Waiting");
    String done = start("Done");
    api.await(
        "/executions/" + done, r -> "SUCCEEDED".equals(r.json().getString("status")), Tasks.WAIT);

    Page page = signedIn();
    nav(page, "Executions");
    assertThat(heading(page)).hasText("Executions");
    Locator rows = page.locator("#executions-table tbody tr");
    assertThat(rows).hasCount(2);
    page.locator("#executions-status-RUNNING").check();
    button(page, "Apply filters").click();
    assertThat(rows).hasCount(1);
    assertThat(rows.first()).hasAttribute("data-execution-id", running);
    assertThat(rows.first()).containsText("Waiting");
    assertThat(rows.first()).containsText("RUNNING");
    snapshot(page, "executions-running");

    // Started elsewhere: the list is read again by itself.
    String another = start("Waiting");
    assertThat(rows).hasCount(2);
    assertThat(rows.first()).hasAttribute("data-execution-id", another);

    rows.first().getByRole(AriaRole.LINK).first().click();
    assertThat(heading(page)).containsText("Execution");
  }

  /** Tasks that wait in the deactivated parallel queue. */
  private void waitingTasks(int count) {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    for (int i = 0; i < count; i++) {
      register(new JsonObject().put("taskClassName", "Echo"));
    }
  }

  private String register(JsonObject body) {
    Api.Reply reply = api.post("/parallel-queue/tasks", body);
    assertEquals(201, reply.status(), () -> reply.body().toString());
    return reply.json().getString("messageId");
  }

  private void awaitDisposed(String messageId) {
    api.await(
        "/tasks/" + messageId, r -> "DISPOSED".equals(r.json().getString("state")), Tasks.WAIT);
  }

  private void putMachine(String name, String definition) {
    Api.Reply reply =
        api.put(
            "/state-machines/" + name,
            new JsonObject().put("definition", new JsonObject(definition)));
    assertEquals(201, reply.status(), () -> reply.body().toString());
  }

  private String start(String machine) {
    Api.Reply reply = api.post("/state-machines/" + machine + "/executions", new JsonObject());
    assertEquals(201, reply.status(), () -> reply.body().toString());
    return reply.json().getString("executionId");
  }
}
