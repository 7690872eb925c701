package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonObject;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the forms send is what the user wrote, or the form says why not. Their JSON fields (a task's
 * parameter, a schedule's, a definition, an execution's input) are sent as written: the API stores
 * a number past 2^53 exactly, and refuses 1e400 or a member named twice with its reason, where a
 * parse in the page and a JSON.stringify had sent a rounded number, null, or the last of the two
 * members. Such a number from the API is shown, and sent back, with its digits. A number field
 * holding text the browser cannot read as a number is refused, not left out.
 */
@Tag("browser")
class FormValuesUiTest extends BrowserTest {
  /** 2^53 + 1: the first integer a JavaScript number cannot hold. */
  private static final long PAST_2_53 = 9_007_199_254_740_993L;

  @Test
  void aTaskParameter_isSentAsWritten() {
    Page page = signedIn();
    nav(page, "Register a task");
    page.getByLabel("Task type").selectOption("Echo");
    Locator parameter = page.getByLabel("Parameter (JSON)");
    Locator alert = page.getByRole(AriaRole.ALERT);

    parameter.fill("{\"a\": 1e400}");
    button(page, "Register task").click();
    assertThat(alert).containsText("/parameter/a is a number out of range");
    parameter.fill("{\"a\": 1, \"a\": 2}");
    button(page, "Register task").click();
    assertThat(alert).containsText("names the member 'a' twice");
    assertEquals(0, api.get("/tasks").json().getJsonArray("tasks").size(), "nothing registered");

    parameter.fill("{\"id\": " + PAST_2_53 + "}");
    button(page, "Register task").click();
    Locator status = page.getByRole(AriaRole.STATUS);
    assertThat(status).containsText("Registered task");
    String messageId = status.getByRole(AriaRole.LINK).first().textContent();
    JsonObject task = api.get("/tasks/" + messageId).json();
    assertEquals(PAST_2_53, task.getJsonObject("parameter").getLong("id"), task.encode());
  }

  @Test
  void aDefinitionAndAnExecutionInput_areSentAsWritten() {
    Page page = signedIn();
    page.navigate(uiUrl() + "#/state-machines/Exact");
    Locator editor = page.locator("#sm-definition");
    assertThat(editor).isEnabled();
    Locator alert = page.getByRole(AriaRole.ALERT);

    editor.fill(
        "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Pass\", \"End\": true},"
            + " \"A\": {\"Type\": \"Fail\"}}}");
    button(page, "Save definition").click();
    assertThat(alert).containsText("names the member 'A' twice");
    assertEquals(404, api.get("/state-machines/Exact").status(), "nothing saved");

    editor.fill(
        "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Pass\", \"Result\": "
            + PAST_2_53
            + ", \"End\": true}}}");
    button(page, "Save definition").click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("created: revision 1");
    assertSavedResult("Exact");

    page.getByLabel("Input (JSON)").fill("{\"n\": 1, \"n\": 2}");
    button(page, "Start execution").click();
    assertThat(alert).containsText("names the member 'n' twice");
    assertEquals(0, api.get("/state-machines/Exact/executions").array().size(), "none started");
  }

  @Test
  void aScheduleParameter_isSentAsWritten() {
    Page page = signedIn();
    nav(page, "Schedules");
    page.getByLabel("Schedule id").fill("exact");
    page.getByLabel("Fires").selectOption("interval");
    page.getByLabel("Interval (seconds)").fill("3600");
    page.getByLabel("Task type").selectOption("Echo");
    page.getByLabel("Parameter (JSON)").fill("{\"id\": " + PAST_2_53 + "}");
    button(page, "Save schedule").click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("Schedule exact saved.");
    JsonObject schedule = api.get("/schedules/exact").json();
    assertEquals(
        PAST_2_53,
        schedule.getJsonObject("task").getJsonObject("parameter").getLong("id"),
        schedule.encode());
  }

  @Test
  void anIntegerPast2To53_isShownAndSavedAgain_asTheApiHoldsIt() {
    String messageId = new Tasks(api).parallel("Echo", new JsonObject().put("id", PAST_2_53));
    Api.Reply put =
        api.put(
            "/state-machines/Big",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(
                        "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Pass\","
                            + " \"Result\": "
                            + PAST_2_53
                            + ", \"End\": true}}}")));
    assertEquals(201, put.status(), () -> put.body().toString());

    Page page = signedIn();
    page.navigate(uiUrl() + "#/tasks/" + messageId);
    assertThat(page.locator("#task-facts")).containsText("\"id\": " + PAST_2_53);
    assertThat(page.locator("#timeline li").filter(hasText("TaskScheduled")))
        .containsText("{\"id\":" + PAST_2_53 + "}");

    page.navigate(uiUrl() + "#/state-machines/Big");
    assertThat(page.locator("#graph-note")).hasText("Revision 1, as saved.");
    assertThat(page.locator("#sm-definition"))
        .hasValue(Pattern.compile("\"Result\": " + PAST_2_53 + ","));
    button(page, "Format").click();
    button(page, "Save definition").click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("saved: revision 2");
    assertSavedResult("Big");
  }

  @Test
  void numberFieldsTheBrowserCannotRead_areRefused_notLeftOut() {
    Page page = signedIn();
    nav(page, "Register a task");
    page.getByLabel("Task type").selectOption("Echo");
    Locator alert = page.getByRole(AriaRole.ALERT);
    page.getByText("Delay and retries (optional)").click();
    Locator delay = page.getByLabel("Delay (seconds)");
    // "1e" is no number: the field's value is empty, as if nothing had been typed
    delay.pressSequentially("1e");
    button(page, "Register task").click();
    assertThat(alert).containsText("Delay must be a whole number of seconds from 0 to 31536000");
    assertThat(delay).isFocused();

    delay.fill("");
    page.getByText("Timeouts (optional)").click();
    Locator heartbeat = page.getByLabel("Heartbeat");
    heartbeat.pressSequentially("5e");
    button(page, "Register task").click();
    assertThat(alert)
        .containsText("Heartbeat must be a whole number of seconds from 1 to 31536000");
    assertThat(heartbeat).isFocused();
    assertEquals(0, api.get("/tasks").json().getJsonArray("tasks").size(), "nothing registered");

    nav(page, "Schedules");
    page.getByLabel("Schedule id").fill("late");
    page.getByLabel("Cron expression").fill("0 3 * * *");
    Locator catchup = page.getByLabel("Catch-up window (seconds)");
    catchup.pressSequentially("6e");
    button(page, "Save schedule").click();
    assertThat(alert)
        .containsText("The catch-up window must be a whole number of seconds from 1 to 31536000");
    assertThat(catchup).isFocused();
    assertEquals(404, api.get("/schedules/late").status(), "nothing saved");
  }

  /** The state machine's saved definition holds PAST_2_53, exactly, as state A's Result. */
  private void assertSavedResult(String stateMachine) {
    JsonObject saved = api.get("/state-machines/" + stateMachine).json();
    assertEquals(
        PAST_2_53,
        saved
            .getJsonObject("definition")
            .getJsonObject("States")
            .getJsonObject("A")
            .getLong("Result"),
        saved.encode());
  }
}
