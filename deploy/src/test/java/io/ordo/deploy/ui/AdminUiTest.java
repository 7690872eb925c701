package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.GoneTaskTypes;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The admin web UI at {@code /ui/} in a real headless Chromium against a full node: what an
 * operator sees and does with queues and tasks.
 */
@Tag("browser")
class AdminUiTest extends BrowserTest {
  @Test
  void operatorRegistersASleepTask_seesItRun_releasesIt_andWatchesItsHistoryLive() {
    Page page = signedIn();
    Locator parallel = queueRow(page, "Parallel queue");
    assertThat(parallel).containsText("Active");
    assertThat(parallel.locator(".waiting-count")).hasText("0");
    assertThat(parallel.locator(".running-count")).hasText("0");

    page.getByLabel("Queue id").fill("com.example.billing");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Add queue")).click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("com.example.billing added");
    Locator billing = queueRow(page, "com.example.billing");
    assertThat(billing).containsText("serial");
    assertThat(billing).containsText("Active");
    snapshot(page, "queues");

    nav(page, "Register a task");
    page.getByLabel("Queue", new Page.GetByLabelOptions().setExact(true)).selectOption("parallel");
    page.getByLabel("Task type").selectOption("Sleep");
    page.getByLabel("Parameter (JSON)").fill("{\"millis\": 60000}");
    page.getByText("Timeouts (optional)").click();
    page.getByLabel("Start to close").fill("3600");
    page.getByText("Delay and retries (optional)").click();
    page.getByLabel("Maximum attempts").fill("2");
    page.getByLabel("First retry after (seconds)").fill("7");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Register task")).click();
    Locator status = page.getByRole(AriaRole.STATUS);
    assertThat(status).containsText("Registered task");
    String messageId = status.getByRole(AriaRole.LINK).first().textContent();
    JsonObject registered = api.get("/tasks/" + messageId).json();
    assertEquals(
        3600, registered.getJsonObject("timeouts").getInteger("startToClose"), registered.encode());
    assertEquals(
        2, registered.getJsonObject("retry").getInteger("maximumAttempts"), registered.encode());
    assertEquals(7, registered.getJsonObject("retry").getInteger("initialIntervalSeconds"));
    snapshot(page, "register");

    status
        .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("Parallel queue"))
        .click();
    assertThat(heading(page)).hasText("Parallel queue");
    Locator running = page.locator("#running-table tbody tr").filter(hasText(messageId));
    assertThat(running).containsText("RUNNING");
    assertThat(running).containsText("Sleep");
    assertThat(running.locator(".node")).hasText("test-node");
    assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Running (1)")))
        .isVisible();
    snapshot(page, "parallel-queue-running");

    // A second tab follows the task's history while the first one releases it.
    Page watcher = signedIn();
    watcher.navigate(uiUrl() + "#/tasks/" + messageId);
    Locator timeline = watcher.locator("#timeline .event-type");
    assertThat(timeline)
        .containsText(new String[] {"TaskScheduled", "TaskAccepted", "TaskStarted"});
    assertThat(watcher.locator("#live-state")).hasText("Live");
    assertThat(watcher.locator("#task-facts")).containsText("test-node");

    // Forced stop asks first and warns; cancelling leaves the task running.
    running
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Force stop task"))
        .click();
    Locator dialog = page.getByRole(AriaRole.DIALOG);
    assertThat(dialog).containsText("Forced stop is discouraged");
    snapshot(page, "force-stop-dialog");
    dialog.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Cancel")).click();
    assertThat(dialog).isHidden();
    assertThat(running).containsText("RUNNING");

    running
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Release task"))
        .click();
    assertThat(dialog.getByLabel("Re-entry")).not().isChecked();
    assertThat(dialog.getByLabel("Stop the queue")).not().isChecked();
    // stopping the parallel queue stops every task of the tenant: the option says so
    assertThat(dialog.locator("#choice-stop-hint"))
        .hasText(
            "Deactivate the parallel queue: no task of this tenant in it is selected any more"
                + " until it is activated again, not only this one.");
    dialog
        .getByRole(
            AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Release").setExact(true))
        .click();
    assertThat(status).containsText("Task " + messageId + " released");
    assertThat(page.getByText("No task is running.")).isVisible();
    assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Running (0)")))
        .isVisible();

    // The watching tab was never reloaded: the release arrived through the live stream.
    assertThat(timeline)
        .containsText(
            new String[] {
              "TaskScheduled", "TaskAccepted", "TaskStarted", "TaskReleaseRequested", "TaskReleased"
            });
    Locator released = watcher.locator("#timeline li").filter(hasText("TaskReleaseRequested"));
    assertThat(released).containsText("reentry");
    assertThat(released).containsText("false");
    assertThat(watcher.locator("#task-facts")).containsText("DISPOSED");
    snapshot(watcher, "task-history");
  }

  @Test
  void deactivatedQueueShowsWhyItsTaskWaits_andOperatorRemovesTheTaskAndTheQueue() {
    Tasks tasks = new Tasks(api);
    tasks.addSerialQueue("com.example.mail", true);
    Page page = signedIn();
    Locator mail = queueRow(page, "com.example.mail");
    assertThat(mail).containsText("Active");

    mail.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Deactivate")).click();
    assertThat(mail).containsText("Inactive");
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("com.example.mail is now inactive");

    // Registered elsewhere: the list refreshes by itself and says why the task does not run.
    String waiting = tasks.serial("com.example.mail", "Echo", new JsonObject().put("n", 1), false);
    assertThat(mail.locator(".waiting-count")).hasText("1");
    assertThat(mail.locator(".blocked-reason")).containsText("INACTIVE");
    snapshot(page, "queues-blocked");

    // Adding an existing queue shows the problem's detail, and no longer the last success.
    page.getByLabel("Queue id").fill("com.example.mail");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Add queue")).click();
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("queue_exists");
    assertThat(page.locator("#status")).isEmpty();

    mail.getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("com.example.mail"))
        .click();
    assertThat(heading(page)).hasText("Serial queue com.example.mail");
    assertThat(page.locator(".blocked-reason")).containsText("INACTIVE");
    Locator row = page.locator("#waiting-table tbody tr").filter(hasText(waiting));
    assertThat(row).containsText("Echo");
    assertThat(row).containsText("{\"n\":1}");
    snapshot(page, "serial-queue-waiting");

    row.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Remove task")).click();
    page.getByRole(AriaRole.DIALOG)
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Remove task"))
        .click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("Task " + waiting + " removed");
    assertThat(page.getByText("No task is waiting.")).isVisible();
    assertThat(page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName("Waiting (0)")))
        .isVisible();

    nav(page, "Queues");
    mail = queueRow(page, "com.example.mail");
    mail.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Remove queue")).click();
    page.getByRole(AriaRole.DIALOG)
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Remove queue"))
        .click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("Queue com.example.mail removed");
    assertThat(mail).hasCount(0);
  }

  @Test
  void taskTypeThatNoLiveRunnerRuns_isNamedWhereItsTasksWait() {
    GoneTaskTypes.publish("com.example.GoneTask");
    api.close();
    node.close();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    new Tasks(api).parallel("com.example.GoneTask", new JsonObject());

    Page page = signedIn();
    Locator parallel = queueRow(page, "Parallel queue");
    assertThat(parallel.locator(".waiting-count")).hasText("1");
    assertThat(parallel.locator(".blocked-reason")).containsText("NO_RUNNER");
    assertThat(parallel.locator(".blocked-reason"))
        .containsText("No live runner runs the task type of the tasks that wait");
    assertThat(parallel.locator(".blocked-reason")).containsText("com.example.GoneTask");
    snapshot(page, "queues-no-runner-of-type");

    // Blocked for another reason, the queue still names the type nothing would run.
    parallel
        .getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Deactivate"))
        .click();
    assertThat(parallel.locator(".blocked-reason")).containsText("INACTIVE");
    assertThat(parallel.locator(".blocked-reason .without-runner"))
        .hasText(
            "No live runner runs the waiting task types com.example.GoneTask; their tasks wait"
                + " for one.");
    snapshot(page, "queues-without-runner");
  }

  @Test
  void narrowWindow_showsQueuesAsCards_andTheStateMachinesScreenFits() {
    Page page = signedIn();
    page.setViewportSize(390, 844);
    Locator parallel = queueRow(page, "Parallel queue");
    assertThat(parallel).containsText("Active");
    assertThat(
            parallel.getByRole(
                AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Deactivate")))
        .isInViewport();
    assertEquals(
        Boolean.TRUE,
        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"),
        "the queues screen needs no sideways scrolling at 390 px");
    snapshot(page, "queues-narrow");

    nav(page, "State machines");
    assertThat(heading(page)).hasText("State machines");
    assertThat(page.getByText("No state machine yet")).isVisible();
    assertThat(page.getByLabel("State machine name")).isInViewport();
    assertEquals(
        Boolean.TRUE,
        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"),
        "the state machines screen needs no sideways scrolling at 390 px");

    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign out")).click();
    assertThat(page.getByLabel("Bearer token")).isVisible();
    assertThat(page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign out")))
        .isHidden();
  }

  @Test
  void anAdminToken_actsOnTheTenantItNames_andOtherTokensMayNot() {
    try (Api acme = new Api(node.httpPort(), TestNode.OTHER_TENANT)) {
      acme.post(
          "/serial-queues",
          new JsonObject().put("queueId", "com.example.acme").put("active", true));
    }
    api.post(
        "/serial-queues", new JsonObject().put("queueId", "com.example.own").put("active", true));
    Page page = open();
    page.getByLabel("Bearer token").fill(TestNode.OPERATOR);
    page.getByLabel("Tenant (optional)").fill("acme");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(page.locator("#token-error"))
        .hasText("only an admin token may act on another tenant");
    assertThat(page.getByRole(AriaRole.NAVIGATION)).isHidden();

    page.getByLabel("Bearer token").fill(TestNode.ADMIN);
    page.getByLabel("Tenant (optional)").fill("nope");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(page.locator("#token-error"))
        .hasText("no tenant 'nope': no token names it and it has no queues");

    page.getByLabel("Tenant (optional)").fill("acme");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(heading(page)).hasText("Queues");
    assertThat(page.locator("#session-tenant")).hasText("Tenant acme");
    assertThat(page.getByText("com.example.acme").first()).isVisible();
    assertThat(page.getByText("com.example.own")).hasCount(0);

    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign out")).click();
    page.getByLabel("Bearer token").fill(TestNode.OPERATOR);
    assertThat(page.getByLabel("Tenant (optional)")).hasValue("");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(heading(page)).hasText("Queues");
    assertThat(page.locator("#session-tenant")).hasText("");
    assertThat(page.getByText("com.example.own").first()).isVisible();
    assertThat(page.getByText("com.example.acme")).hasCount(0);
  }

  @Test
  void wrongToken_isRefused_andTheFormSaysSo() {
    Page page = open();
    page.getByLabel("Bearer token").fill("not-a-token");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(page.getByText("The token was not accepted.")).isVisible();
    assertThat(page.getByRole(AriaRole.NAVIGATION)).isHidden();

    // A token no header can carry is refused as well, and says why (not the browser's error).
    page.getByLabel("Bearer token").fill("tök€n");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(page.locator("#token-error"))
        .hasText(
            "The token was not accepted: a bearer token is ASCII letters, digits and punctuation,"
                + " and this one has other characters (or spaces).");
    assertThat(page.getByRole(AriaRole.NAVIGATION)).isHidden();
    assertThat(page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign out")))
        .isHidden();
  }

  @Test
  void aTokenNoLongerAccepted_isAskedForOverTheScreen_keepingWhatWasTyped() {
    Page page = signedIn();
    page.navigate(uiUrl() + "#/state-machines/Draft");
    Locator editor = page.locator("#sm-definition");
    assertThat(editor).isEnabled();
    String draft = "{\"StartAt\": \"B\", \"States\": {\"B\": {\"Type\": \"Pass\", \"End\": true}}}";
    editor.fill(draft);
    // the token of the tab is no longer accepted: it expired, or was rotated away
    page.evaluate("sessionStorage.setItem('ordo.token', 'revoked-token')");
    button(page, "Save definition").click();

    Locator dialog = page.getByRole(AriaRole.DIALOG);
    assertThat(dialog).containsText("the bearer token is not valid");
    assertThat(heading(page)).containsText("State machine Draft");
    dialog.getByLabel("Bearer token").fill(TestNode.OPERATOR);
    dialog.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Sign in")).click();
    assertThat(dialog).isHidden();
    assertThat(editor).hasValue(draft);
    assertEquals(404, api.get("/state-machines/Draft").status(), "the refused save saved nothing");
    button(page, "Save definition").click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("State machine Draft created");

    // Signing out from the dialog leaves the screen for the sign-in form
    page.evaluate("sessionStorage.setItem('ordo.token', 'revoked-again')");
    // the screen's list of executions, read every 4 s, meets the refusal
    assertThat(dialog).isVisible();
    dialog.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Sign out")).click();
    assertThat(dialog).isHidden();
    assertThat(heading(page)).hasText("Sign in");
    assertThat(page.getByRole(AriaRole.NAVIGATION)).isHidden();
  }

  @Test
  void aSubmitRefusedInThePage_takesAwayWhatTheLastSubmitSaid() {
    Page page = signedIn();
    nav(page, "Register a task");
    page.getByLabel("Task type").selectOption("Echo");
    button(page, "Register task").click();
    Locator status = page.getByRole(AriaRole.STATUS);
    assertThat(status).containsText("Registered task");

    page.getByLabel("Parameter (JSON)").fill("{not json");
    button(page, "Register task").click();
    assertThat(page.locator("#reg-parameter-error")).containsText("Not valid JSON");
    // "Registered task …" beside it would read as this submit's outcome (an empty status region
    // has no role to find it by: it is hidden)
    assertThat(page.locator("#status")).isEmpty();
    assertEquals(1, api.get("/tasks").json().getJsonArray("tasks").size(), "one registered");
  }

  @Test
  void aRegisterLinkToAQueueThatDoesNotExist_saysSo_andRegistersNothing() {
    Page page = signedIn();
    page.navigate(uiUrl() + "#/register?queue=serial%3Anope");
    assertThat(page.locator("#reg-queue-error"))
        .hasText("The queue nope of the link does not exist (or was removed): choose a queue.");
    assertThat(page.locator("#reg-queue")).hasValue("");
    page.getByLabel("Task type").selectOption("Echo");
    button(page, "Register task").click();
    assertThat(page.locator("#reg-queue")).isFocused();
    assertThat(page.locator("#reg-queue-error")).containsText("does not exist");
    assertEquals(0, api.get("/tasks").json().getJsonArray("tasks").size(), "nothing registered");
  }

  @Test
  void retryFields_refuseZeroAttempts_andAFirstRetryWithoutAttempts() {
    Page page = signedIn();
    nav(page, "Register a task");
    page.getByLabel("Task type").selectOption("Echo");
    page.getByText("Delay and retries (optional)").click();
    Locator attempts = page.getByLabel("Maximum attempts");
    attempts.fill("0");
    button(page, "Register task").click();
    Locator alert = page.getByRole(AriaRole.ALERT);
    assertThat(alert)
        .containsText("Maximum attempts must be a whole number from 1 (no retry) to 10000");
    assertThat(attempts).isFocused();

    attempts.fill("");
    page.getByLabel("First retry after (seconds)").fill("7");
    button(page, "Register task").click();
    assertThat(alert)
        .containsText("First retry after needs Maximum attempts (2 or more) to retry at all");
    assertEquals(0, api.get("/tasks").json().getJsonArray("tasks").size(), "nothing registered");
  }

  @Test
  void invisibleDirectionControlsInValues_areShownEscaped() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String messageId =
        new Tasks(api).parallel("Echo", new JsonObject().put("note", "\u202e").put("amount", 100));
    Api.Reply saved =
        api.put(
            "/state-machines/Bidi",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(
                        "{\"StartAt\":\"Go\u202eOn\",\"States\":{\"Go\u202eOn\":"
                            + "{\"Type\":\"Pass\",\"End\":true}}}")));
    assertEquals(201, saved.status(), () -> saved.body().toString());

    Page page = signedIn();
    page.navigate(uiUrl() + "#/tasks/" + messageId);
    Locator facts = page.locator("#task-facts");
    assertThat(facts).containsText("\"note\": \"\\u202e\"");
    assertThat(facts).containsText("\"amount\": 100");
    assertThat(facts).not().containsText("\u202e");
    Locator scheduled = page.locator("#timeline li").filter(hasText("TaskScheduled"));
    assertThat(scheduled).containsText("\\u202e");
    assertThat(scheduled).not().containsText("\u202e");

    page.navigate(uiUrl() + "#/state-machines/Bidi");
    Locator drawing = page.locator("#machine-graph svg");
    assertThat(drawing).containsText("Go\\u202eOn");
    assertThat(drawing).not().containsText("\u202e");
  }

  @Test
  void longValues_wrapOrScrollInsideTheScreen_atFullAndNarrowWidths() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    Tasks tasks = new Tasks(api);
    String longParameter = tasks.parallel("Echo", new JsonObject().put("text", "x".repeat(5000)));
    String longQueue = "q" + "x".repeat(254);
    tasks.addSerialQueue(longQueue, false);

    Page page = signedIn();
    assertThat(queueRow(page, longQueue)).containsText("serial");
    assertFits(page, "the queues screen with a 255-character queue id");
    page.navigate(uiUrl() + "#/queues/serial/" + longQueue);
    assertThat(page.locator(".waiting-count")).hasText("0");
    assertFits(page, "the screen of a queue with a 255-character id");
    page.navigate(uiUrl() + "#/tasks/" + longParameter);
    assertThat(page.locator("#task-facts")).containsText("xxxxxxxxxx");
    assertFits(page, "a task with a 5,000-character parameter");

    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    String failed =
        tasks.parallel("Fail", new JsonObject().put("message", "Failed-".repeat(12) + "here"));
    tasks.await(failed, "DISPOSED");
    page.setViewportSize(400, 800);
    page.navigate(uiUrl() + "#/tasks/" + failed);
    assertThat(page.locator("#task-facts")).containsText("FAILED");
    assertThat(page.locator("#timeline .event-type").last()).containsText("Failed");
    assertFits(page, "a failed task at 400 px");
    Api.Reply machine =
        api.put(
            "/state-machines/Narrow",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(
                        "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\","
                            + "\"End\":true}}}")));
    assertEquals(201, machine.status(), () -> machine.body().toString());
    page.navigate(uiUrl() + "#/state-machines/Narrow");
    assertThat(page.locator("#machine-meta")).containsText("Revision 1");
    assertFits(page, "a state machine at 400 px");
  }

  @Test
  void aMalformedAddress_saysSo_withTheNavigationUsable() {
    Page page = signedIn();
    page.evaluate("location.hash = '#/tasks/100%25done%'");
    assertThat(heading(page)).hasText("This address is not valid");
    assertThat(page.locator("#invalid-address")).containsText("has a malformed % escape");

    page.evaluate("location.hash = '#/queues/serial/%'");
    assertThat(page.locator("#invalid-address")).containsText("\"%\" has a malformed % escape");
    page.reload(); // a fresh load on it shows the navigation too
    assertThat(heading(page)).hasText("This address is not valid");
    nav(page, "Queues");
    assertThat(heading(page)).hasText("Queues");
  }

  @Test
  void dotAndDotDot_areRefusedAsIdsAndNames() {
    Page page = signedIn();
    page.evaluate("location.hash = '#/tasks/%2e'");
    assertThat(heading(page)).hasText("This address is not valid");
    assertThat(page.locator("#invalid-address")).containsText("\".\" cannot be an id or a name");

    nav(page, "State machines");
    page.getByLabel("State machine name").fill("..");
    button(page, "Open").click();
    assertThat(page.getByText("The name must be"))
        .hasText("The name must be 1 to 80 letters, digits, _ . or -, and not \".\" or \"..\".");
    assertThat(heading(page)).hasText("State machines");

    nav(page, "Schedules");
    page.getByLabel("Schedule id").fill(".");
    page.getByLabel("Cron expression").fill("30 2 * * *");
    button(page, "Save schedule").click();
    assertThat(page.getByRole(AriaRole.ALERT))
        .containsText("the schedule id must be 1 to 50 letters, digits, _ . or -, and not");
    assertEquals(0, api.get("/schedules").array().size(), "nothing saved");
  }

  private static void assertFits(Page page, String what) {
    Object widths =
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth].join(' px in ')");
    assertEquals(
        Boolean.TRUE,
        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"),
        () -> what + " needs no sideways scrolling: " + widths + " px");
  }

  private static Locator queueRow(Page page, String name) {
    return page.locator("#queues-table tbody tr")
        .filter(
            new Locator.FilterOptions()
                .setHas(
                    page.getByRole(
                        AriaRole.ROWHEADER,
                        new Page.GetByRoleOptions().setName(name).setExact(true))));
  }
}
