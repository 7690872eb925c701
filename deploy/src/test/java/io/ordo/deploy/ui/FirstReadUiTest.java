package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.options.AriaRole;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A screen whose first read met Ordo unreachable (the register form's task types, the definition a
 * state machine's screen edits) says so and reads again until Ordo answers: it fills in by itself,
 * where it had stayed empty (no task type, a disabled editor) until the page was reloaded.
 */
@Tag("browser")
class FirstReadUiTest extends BrowserTest {
  @Test
  void theRegisterForm_readsItsTaskTypesAgain_onceOrdoAnswers() {
    Page page = signedIn();
    String types = "**/api/v1/task-types";
    page.route(types, Route::abort);
    nav(page, "Register a task");
    Locator alert = page.getByRole(AriaRole.ALERT);
    assertThat(alert).containsText("Loading task types and queues failed: Ordo cannot be reached");

    page.unroute(types);
    assertThat(page.locator("#reg-type option[value='io.ordo.samples.EchoTask']")).hasCount(1);
    assertThat(alert).isHidden();
    page.getByLabel("Task type").selectOption("Echo");
    button(page, "Register task").click();
    assertThat(page.getByRole(AriaRole.STATUS)).containsText("Registered task");
  }

  @Test
  void aStateMachineScreen_readsItsDefinitionAgain_onceOrdoAnswers() {
    Page page = signedIn();
    String machine = "**/api/v1/state-machines/Later";
    page.route(machine, Route::abort);
    page.navigate(uiUrl() + "#/state-machines/Later");
    assertThat(page.getByRole(AriaRole.ALERT))
        .containsText("Loading state machine Later failed: Ordo cannot be reached");
    Locator editor = page.locator("#sm-definition");
    assertThat(editor).isDisabled();

    page.unroute(machine);
    assertThat(editor).isEnabled();
    assertThat(page.locator("#machine-meta")).containsText("Not saved yet");
    assertThat(page.getByRole(AriaRole.ALERT)).isHidden();
  }
}
