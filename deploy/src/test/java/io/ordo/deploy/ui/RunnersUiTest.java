package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The admin UI's Runners screen in a real headless Chromium: each live runner and its load. */
@Tag("browser")
class RunnersUiTest extends BrowserTest {

  @Test
  void operatorSeesTheRunner_itsTaskTypesAndLease_andItsThreadsGetBusy_andItsRoomShrink() {
    Page page = signedIn();
    nav(page, "Runners");
    assertThat(heading(page)).hasText("Runners");
    Locator row = page.locator("tr[data-runner='test-node']");
    assertThat(row).containsText("0 / 8");
    assertThat(row).containsText("SleepTask");
    assertThat(row).containsText("Ordo ");
    assertThat(row.locator("td[data-label='Lease expires'] time")).isVisible();
    assertThat(page.locator("#runners-summary")).hasText("1 runner(s) · 0 of 8 threads busy");

    new Tasks(api).parallel("Sleep", new JsonObject().put("millis", 60_000));
    // reported with the runner's next lease renewal, shown with the screen's next refresh
    assertThat(row).containsText("1 / 8");
    assertThat(page.locator("#runners-summary")).hasText("1 runner(s) · 1 of 8 threads busy");
    // a task holding its thread for a second stops prefetching: the runner takes its threads only
    assertThat(row.locator("td[data-label='Takes at once']")).hasText("8");
    snapshot(page, "runners");
  }

  @Test
  void aScreenWhoseReadsAreRefused_saysSo_insteadOfLoading() {
    Page page = open();
    page.getByLabel("Bearer token").fill(TestNode.SUBMITTER);
    button(page, "Sign in").click();
    assertThat(heading(page)).hasText("Queues");
    nav(page, "Runners");
    // a submitter may not see the runners: the screen says so where it said "Loading runners…"
    assertThat(page.getByRole(AriaRole.ALERT)).containsText("needs the operator role");
    assertThat(page.locator("main .table-area"))
        .hasText("Could not be read (the error is shown above); read again every few seconds.");
  }
}
