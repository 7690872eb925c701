package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The admin UI's Schedules screen in a real headless Chromium: list, pause, resume, trigger,
 * delete, and the form that creates a schedule.
 */
@Tag("browser")
class ScheduleUiTest extends BrowserTest {

  @Test
  void operatorSeesASchedule_pausesIt_resumesIt_andTriggersIt() {
    putSchedule(
        "nightly", new JsonObject().put("cron", "30 2 * * *").put("timeZone", "Europe/Berlin"));

    Page page = signedIn();
    nav(page, "Schedules");
    Locator row = page.locator("tr[data-schedule='nightly']");
    assertThat(row).containsText("cron 30 2 * * * (Europe/Berlin)");
    assertThat(row).containsText("never fired");
    assertThat(row.locator("td[data-label='Starts']"))
        .hasAttribute("title", "{\"queue\":\"parallel\",\"taskClassName\":\"Echo\"}");

    action(row, "Pause").click();
    assertThat(row).containsText("Paused");
    assertThat(row).containsText("none (paused)");
    action(row, "Resume").click();
    assertThat(action(row, "Pause")).isVisible();

    action(row, "Trigger now").click();
    assertThat(row).containsText("Fired");
    assertEquals(1, api.get("/schedules/nightly").json().getJsonArray("recentFires").size());
  }

  @Test
  void operatorDeletesASchedule_afterConfirming() {
    putSchedule("hourly", new JsonObject().put("intervalSeconds", 3600));

    Page page = signedIn();
    nav(page, "Schedules");
    Locator row = page.locator("tr[data-schedule='hourly']");
    action(row, "Delete").click();
    Locator dialog = page.getByRole(AriaRole.DIALOG);
    assertThat(dialog).containsText("Delete the schedule hourly?");
    dialog.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Cancel")).click();
    assertThat(dialog).isHidden();
    assertEquals(200, api.get("/schedules/hourly").status());

    action(row, "Delete").click();
    dialog
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Delete the schedule"))
        .click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("Schedule hourly deleted.");
    assertThat(row).isHidden();
    assertThat(page.locator(".table-area")).containsText("create one with the form below");
    assertEquals(404, api.get("/schedules/hourly").status());
  }

  @Test
  void operatorCreatesASchedule_withTheForm_andSeesWhatWasWrong() {
    api.post(
        "/serial-queues", new JsonObject().put("queueId", "com.example.ui").put("active", false));
    Page page = signedIn();
    nav(page, "Schedules");
    // the screen renders at once, heading and list together: the screen it left has no list here
    assertThat(heading(page)).hasText("Schedules");
    assertThat(page.locator(".table-area")).containsText("create one with the form below");

    page.getByLabel("Schedule id").fill("ui-every");
    page.getByLabel("Fires").selectOption("interval");
    page.getByLabel("Interval (seconds)").fill("3600");
    page.getByLabel("Starts").selectOption("serial");
    page.getByLabel("Serial queue id").fill("com.example.ui");
    page.getByLabel("Task type").selectOption("Echo");
    page.getByLabel("Parameter (JSON)").fill("[1]");
    save(page);
    assertThat(page.locator("#sch-payload-error"))
        .hasText("The parameter must be a JSON object (or empty).");

    page.getByLabel("Parameter (JSON)").fill("{\"kind\": \"daily\"}");
    page.getByLabel("Overlap policy").selectOption("BUFFER_ONE");
    page.getByLabel("Catch-up window (seconds)").fill("600");
    page.getByText("Timeouts (optional)").click();
    page.getByLabel("Start to close").fill("0");
    save(page);
    assertThat(page.getByRole(AriaRole.ALERT))
        .containsText("Start to close must be a whole number of seconds from 1 to 31536000");
    assertEquals(404, api.get("/schedules/ui-every").status());

    page.getByLabel("Start to close").fill("30");
    page.getByText("Retries (optional)").click();
    page.getByLabel("Maximum attempts").fill("3");
    page.getByLabel("First retry after (seconds)").fill("5");
    page.getByLabel("Stop the queue if the task fails").check();
    save(page);
    Locator row = page.locator("tr[data-schedule='ui-every']");
    assertThat(row).containsText("every 3600 s");
    assertThat(row).containsText("in com.example.ui");
    assertThat(row).containsText("overlap BUFFER_ONE");
    snapshot(page, "schedule-created");
    JsonObject saved = api.get("/schedules/ui-every").json();
    assertEquals(3600, saved.getInteger("intervalSeconds"));
    assertEquals(600, saved.getInteger("catchupWindowSeconds"));
    assertEquals("com.example.ui", saved.getJsonObject("task").getString("queueId"));
    JsonObject task = saved.getJsonObject("task");
    assertEquals("daily", task.getJsonObject("parameter").getString("kind"));
    assertEquals(30, task.getJsonObject("timeouts").getInteger("startToClose"), task.encode());
    assertEquals(3, task.getJsonObject("retry").getInteger("maximumAttempts"), task.encode());
    assertEquals(5, task.getJsonObject("retry").getInteger("initialIntervalSeconds"));
    assertEquals(true, task.getBoolean("stopProgressOnError"), task.encode());

    page.getByLabel("Schedule id").fill("ui-bad");
    page.getByLabel("Fires").selectOption("cron");
    page.getByLabel("Cron expression").fill("61 * * * *");
    page.getByLabel("Starts").selectOption("parallel");
    save(page);
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("Saving the schedule failed");
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("invalid_request");
    assertEquals(404, api.get("/schedules/ui-bad").status());
  }

  /** Creates a schedule over the API that starts an Echo in the parallel queue {@code when}. */
  private void putSchedule(String scheduleId, JsonObject when) {
    Api.Reply created =
        api.put(
            "/schedules/" + scheduleId,
            when.put(
                "task", new JsonObject().put("queue", "parallel").put("taskClassName", "Echo")));
    assertEquals(201, created.status(), created.body().toString());
  }

  private static void save(Page page) {
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Save schedule")).click();
  }

  private static Locator action(Locator row, String name) {
    return row.getByRole(
        AriaRole.BUTTON, new Locator.GetByRoleOptions().setName(name).setExact(true));
  }
}
