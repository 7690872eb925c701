package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The admin UI's state-machine screens in a real headless Chromium against a full node: a
 * definition saved and drawn, executions started, watched to their end and stopped.
 */
@Tag("browser")
class StateMachineUiTest extends BrowserTest {
  /** The seed's example (README, "State machines"). */
  private static final String FUN_WITH_MATH =
      """
      {"Comment": "Parallel Example.", "StartAt": "FunWithMath", "States": {"FunWithMath": {
        "Type": "Parallel", "End": true, "Branches": [
        {"StartAt": "Add", "States": {"Add": {"Type": "Task",
          "Resource": "arn:aws:states:us-east-1:123456789012:activity:Add", "End": true}}},
        {"StartAt": "Subtract", "States": {"Subtract": {"Type": "Task",
          "Resource": "arn:aws:states:us-east-1:123456789012:activity:Subtract", "End": true}}}]}}}
      """;

  /** One problem of each kind the validator finds (as in DefinitionApiTest). */
  private static final String BROKEN =
      """
      { "StartAt": "Start", "States": {
        "Start": { "Type": "Pass", "Next": "Nowhere" },
        "NoEnd": { "Type": "Pass" },
        "Orphan": { "Type": "Pass", "End": true },
        "Unknown": { "Type": "Task", "Resource": "ordo:task:NoSuchTask", "End": true },
        "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Inside", "States": {
            "Inside": { "Type": "Pass", "Next": "Orphan" } } } ] } } }
      """;

  private static final String NAP =
      """
      { "StartAt": "Nap", "States": { "Nap": { "Type": "Task", "Resource": "ordo:task:Sleep",
        "Parameters": { "millis": 60000 }, "Next": "After" },
        "After": { "Type": "Pass", "End": true } } }
      """;

  @Test
  void operatorSavesFunWithMath_seesItsGraph_runsIt_andSeesEveryStateSucceed() {
    Page page = signedIn();
    nav(page, "State machines");
    assertThat(page.getByText("No state machine yet")).isVisible();
    page.getByLabel("State machine name").fill("FunWithMath");
    button(page, "Open").click();
    assertThat(heading(page)).hasText("State machine FunWithMath");
    assertThat(page.locator("#machine-meta")).containsText("Not saved yet");
    assertThat(page.locator("#executions")).containsText("save the definition first");

    page.getByLabel("Definition (Amazon States Language, JSON)").fill(FUN_WITH_MATH);
    button(page, "Save definition").click();
    assertThat(page.getByRole(AriaRole.STATUS))
        .hasText("State machine FunWithMath created: revision 1.");
    assertThat(page.locator("#machine-meta")).containsText("Revision 1");
    assertThat(page.locator("#graph-note")).hasText("Revision 1, as saved.");

    // The drawing: the Parallel state holds its two branches side by side, each with its Task.
    Locator graph = page.locator("#machine-graph");
    Locator parallel = graph.locator("[data-state='FunWithMath']");
    assertThat(parallel).containsText("Parallel · 2 branches");
    assertThat(parallel.locator("[data-branch='0'] [data-state='Add']")).containsText("Task · Add");
    assertThat(parallel.locator("[data-branch='1'] [data-state='Subtract']"))
        .containsText("Task · Subtract");
    assertThat(graph.locator(".terminal-start")).hasCount(3); // the machine's and each branch's
    assertTrue(
        box(parallel.locator("[data-branch='0']")).x + box(parallel.locator("[data-branch='0']")).w
            <= box(parallel.locator("[data-branch='1']")).x,
        "the branches are drawn side by side");
    assertTrue(
        box(graph.locator(".terminal-start").first()).y < box(parallel).y
            && box(parallel).y + box(parallel).h < box(graph.locator(".terminal-end").last()).y,
        "Start above the Parallel state, End below it");
    snapshot(page, "state-machine");

    page.getByLabel("Input (JSON)").fill("[3, 2]");
    page.getByLabel("Execution name (optional)").fill("first");
    button(page, "Start execution").click();

    assertThat(heading(page)).containsText("Execution first");
    assertThat(page.locator("#execution-status")).hasText("SUCCEEDED");
    assertEquals(
        new JsonArray("[5, 1]"), new JsonArray(page.locator("#execution-output").textContent()));
    assertEquals(
        new JsonArray("[3, 2]"), new JsonArray(page.locator("#execution-input").textContent()));
    Locator where = page.locator("#execution-graph");
    for (String state : new String[] {"FunWithMath", "Add", "Subtract"}) {
      assertThat(where.locator("[data-state='" + state + "']"))
          .hasAttribute("data-status", "succeeded");
    }
    assertThat(where.locator(".terminal-end.terminal-reached")).hasCount(3);
    assertThat(page.locator("#timeline .event-type").first()).hasText("ExecutionStarted");
    assertThat(page.locator("#timeline .event-type").last()).hasText("ExecutionSucceeded");
    assertThat(page.locator("#timeline li").filter(hasText("ParallelStateStarted")))
        .containsText("FunWithMath");
    snapshot(page, "execution-succeeded");

    // A Task state links to its task message (with the keyboard), which links back.
    where
        .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName(Pattern.compile("^Add:")))
        .focus();
    page.keyboard().press("Enter");
    assertThat(heading(page)).containsText("Task");
    assertThat(page.locator("#task-facts")).containsText("Add");
    page.locator("#task-facts a[href^='#/executions/']").click();
    assertThat(heading(page)).containsText("Execution first");

    // The state machine lists its executions; the list of state machines holds it.
    page.locator(".breadcrumb")
        .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName("FunWithMath"))
        .click();
    Locator row = page.locator("#executions-table tbody tr").filter(hasText("first"));
    assertThat(row).containsText("SUCCEEDED");
    nav(page, "State machines");
    assertThat(page.locator("#machines-table")).containsText("FunWithMath");
  }

  @Test
  void anInvalidDefinition_showsEveryProblemWithItsPath_andIsNotSaved() {
    Page page = signedIn();
    page.navigate(uiUrl() + "#/state-machines/Broken");
    assertThat(heading(page)).hasText("State machine Broken");
    Locator editor = page.getByLabel("Definition (Amazon States Language, JSON)");
    editor.fill("{ \"StartAt\": ");
    button(page, "Save definition").click();
    assertThat(page.locator("#sm-definition-error")).containsText("Not valid JSON");

    editor.fill(BROKEN);
    button(page, "Save definition").click();
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("invalid_definition");
    Locator problems = page.locator("#definition-errors");
    assertThat(problems.getByRole(AriaRole.HEADING)).containsText("problems: nothing was saved");
    for (String path :
        new String[] {
          "$.States.Start.Next",
          "$.States.NoEnd",
          "$.States.Orphan",
          "$.States.Unknown.Resource",
          "$.States.P.Branches[0].States.Inside.Next"
        }) {
      assertThat(problemPath(page, path)).hasText(path);
    }
    assertThat(problems.locator("li").filter(hasText("$.States.Start.Next")))
        .containsText("Nowhere");
    assertThat(problems.locator("li").filter(hasText("$.States.Unknown.Resource")))
        .containsText("NoSuchTask");
    // The drawing marks the states with problems.
    assertThat(page.locator("#machine-graph [data-state='Unknown']"))
        .hasAttribute("data-status", "invalid");
    assertThat(page.locator("#machine-graph [data-state='Inside']"))
        .hasAttribute("data-status", "invalid");
    snapshot(page, "state-machine-invalid");

    // A problem's path selects its place in the definition.
    problemPath(page, "$.States.Unknown.Resource").click();
    assertThat(editor).isFocused();
    assertEquals(
        "\"Resource\": \"ordo:task:NoSuchTask\"",
        editor.evaluate("e => e.value.slice(e.selectionStart, e.selectionEnd)"));

    assertThat(page.locator("#machine-meta")).containsText("Not saved yet");
    assertEquals(404, api.get("/state-machines/Broken").status(), "nothing invalid is stored");
  }

  @Test
  void aLongExecution_isStoppedThroughTheUi_andEndsAborted() {
    Api.Reply saved =
        api.put("/state-machines/Nap", new JsonObject().put("definition", new JsonObject(NAP)));
    assertEquals(201, saved.status(), saved.body().toString());
    Page page = signedIn();
    page.navigate(uiUrl() + "#/state-machines/Nap");
    assertThat(page.locator("#machine-meta")).containsText("Revision 1");
    page.getByLabel("Input (JSON)").fill("{\"why\": \"a long nap\"}");
    button(page, "Start execution").click();

    assertThat(page.locator("#execution-status")).hasText("RUNNING");
    Locator nap = page.locator("#execution-graph [data-state='Nap']");
    assertThat(nap).hasAttribute("data-status", "running");
    assertThat(page.locator("#execution-graph a[href^='#/tasks/']")).hasCount(1);
    assertThat(page.locator("#timeline li").filter(hasText("TaskScheduled")))
        .containsText("ordo:task:Sleep");
    snapshot(page, "execution-running");

    // Stopping asks first; cancelling changes nothing.
    button(page, "Stop execution…").click();
    Locator dialog = page.getByRole(AriaRole.DIALOG);
    assertThat(dialog).containsText("ends ABORTED");
    dialog.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Cancel")).click();
    assertThat(dialog).isHidden();
    assertThat(page.locator("#execution-status")).hasText("RUNNING");

    button(page, "Stop execution…").click();
    dialog
        .getByRole(
            AriaRole.BUTTON,
            new Locator.GetByRoleOptions().setName("Stop execution").setExact(true))
        .click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("stopped (now ABORTED)");
    assertThat(page.locator("#execution-status")).hasText("ABORTED");
    assertThat(nap).hasAttribute("data-status", "aborted");
    assertThat(page.locator("#execution-graph [data-state='After'][data-status]")).hasCount(0);
    assertThat(page.locator("#timeline .event-type").last()).hasText("ExecutionAborted");
    assertThat(button(page, "Stop execution…")).hasCount(0);
    snapshot(page, "execution-aborted");

    page.setViewportSize(390, 844);
    assertThat(page.locator("#execution-graph [data-state='Nap']")).isVisible();
    assertEquals(
        Boolean.TRUE,
        page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"),
        "the execution screen needs no sideways scrolling at 390 px (the drawing scrolls)");
    snapshot(page, "execution-narrow");
  }

  @Test
  void stoppingAnExecutionThatEndedWhileTheDialogWasOpen_saysNothingWasStopped() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String executionId =
        startExecution(
            "Quick",
            "{\"StartAt\":\"E\",\"States\":{\"E\":{\"Type\":\"Task\","
                + "\"Resource\":\"ordo:task:Echo\",\"End\":true}}}");
    Page page = signedIn();
    page.navigate(uiUrl() + "#/executions/" + executionId);
    assertThat(page.locator("#execution-status")).hasText("RUNNING");
    button(page, "Stop execution…").click();
    Locator dialog = page.getByRole(AriaRole.DIALOG);
    assertThat(dialog).containsText("ends ABORTED");

    // Its task runs meanwhile: the execution succeeds before the operator confirms.
    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    api.await(
        "/executions/" + executionId,
        r -> "SUCCEEDED".equals(r.json().getString("status")),
        Tasks.WAIT);
    dialog
        .getByRole(
            AriaRole.BUTTON,
            new Locator.GetByRoleOptions().setName("Stop execution").setExact(true))
        .click();
    assertThat(page.getByRole(AriaRole.STATUS))
        .hasText("Execution Quick-1 had already finished (SUCCEEDED): nothing was stopped.");
    assertThat(page.locator("#execution-status")).hasText("SUCCEEDED");
  }

  @Test
  void aMultiLineCause_isShownOnItsLines() {
    String executionId =
        startExecution(
            "Fails",
            "{\"StartAt\":\"F\",\"States\":{\"F\":{\"Type\":\"Fail\","
                + "\"Error\":\"Broken\",\"Cause\":\"first line\\nsecond line\"}}}");
    api.await(
        "/executions/" + executionId,
        r -> "FAILED".equals(r.json().getString("status")),
        Tasks.WAIT);
    Page page = signedIn();
    page.navigate(uiUrl() + "#/executions/" + executionId);
    Locator cause = page.locator("#execution-cause");
    assertThat(cause).isVisible();
    assertEquals("first line\nsecond line", cause.innerText());
  }

  /** Saves a state machine and starts an execution of it; answers the execution's id. */
  private String startExecution(String name, String definition) {
    Api.Reply saved =
        api.put(
            "/state-machines/" + name,
            new JsonObject().put("definition", new JsonObject(definition)));
    assertEquals(201, saved.status(), () -> saved.body().toString());
    Api.Reply started =
        api.post(
            "/state-machines/" + name + "/executions", new JsonObject().put("name", name + "-1"));
    assertEquals(201, started.status(), () -> started.body().toString());
    return started.json().getString("executionId");
  }

  private static Locator problemPath(Page page, String path) {
    return page.locator("#definition-errors")
        .getByRole(
            AriaRole.BUTTON,
            new Locator.GetByRoleOptions().setName("Show " + path + " in the definition"))
        .first(); // a member may have several problems
  }

  private record Box(double x, double y, double w, double h) {}

  private static Box box(Locator locator) {
    var b = locator.boundingBox();
    return new Box(b.x, b.y, b.width, b.height);
  }
}
