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

/** The admin UI's Schedules screen in a real headless Chromium: list, pause, resume, trigger. */
@Tag("browser")
class ScheduleUiTest extends BrowserTest {

  @Test
  void operatorSeesASchedule_pausesIt_resumesIt_andTriggersIt() {
    Api.Reply created =
        api.put(
            "/schedules/nightly",
            new JsonObject()
                .put("cron", "30 2 * * *")
                .put("timeZone", "Europe/Berlin")
                .put(
                    "task",
                    new JsonObject().put("queue", "parallel").put("taskClassName", "Echo")));
    assertEquals(201, created.status(), created.body().toString());

    Page page = signedIn();
    nav(page, "Schedules");
    Locator row = page.locator("tr[data-schedule='nightly']");
    assertThat(row).containsText("cron 30 2 * * * (Europe/Berlin)");
    assertThat(row).containsText("never fired");

    action(row, "Pause").click();
    assertThat(row).containsText("Paused");
    assertThat(row).containsText("none (paused)");
    action(row, "Resume").click();
    assertThat(action(row, "Pause")).isVisible();

    action(row, "Trigger now").click();
    assertThat(row).containsText("Fired");
    assertEquals(1, api.get("/schedules/nightly").json().getJsonArray("recentFires").size());
  }

  private static Locator action(Locator row, String name) {
    return row.getByRole(
        AriaRole.BUTTON, new Locator.GetByRoleOptions().setName(name).setExact(true));
  }
}
