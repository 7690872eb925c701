package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A JavaScript task through the admin UI: the register form offers the node's scripts (the shipped
 * samples) beside the task classes, registers one by its {@code jsPath}, and the task's page shows
 * it complete with the script's result.
 */
@Tag("browser")
class ScriptUiTest extends BrowserTest {
  @Test
  void operatorRegistersTheEchoScript_inTheRegisterForm_andSeesItComplete() {
    Page page = signedIn();
    nav(page, "Register a task");
    page.getByLabel("Queue", new Page.GetByLabelOptions().setExact(true)).selectOption("parallel");
    page.getByLabel("Task type")
        .selectOption(
            new com.microsoft.playwright.options.SelectOption().setLabel("echo.js (JavaScript)"));
    assertThat(page.locator("#reg-type-hint")).containsText("Script echo.js");
    page.getByLabel("Parameter (JSON)").fill("{\"message\": \"hello from the UI\"}");
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Register task")).click();

    Locator status = page.getByRole(AriaRole.STATUS);
    assertThat(status).containsText("Registered task");
    Locator link = status.getByRole(AriaRole.LINK).first();
    String messageId = link.textContent();
    link.click();

    Locator facts = page.locator("#task-facts");
    assertThat(facts).containsText("echo.js");
    assertThat(facts).containsText("DISPOSED");
    assertThat(facts).containsText("COMPLETED");
    assertThat(facts).containsText("hello from the UI");
    assertThat(page.locator("#timeline .event-type"))
        .containsText(
            new String[] {"TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"});
    snapshot(page, "script-task");

    JsonObject task = api.get("/tasks/" + messageId).json();
    assertEquals("echo.js", task.getString("jsPath"));
    assertEquals(
        "hello from the UI",
        task.getJsonObject("outcome")
            .getJsonObject("result")
            .getJsonObject("echo")
            .getString("message"));
  }
}
