package io.ordo.deploy.ui;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import com.microsoft.playwright.options.AriaRole;
import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the admin UI's browser tests share: one headless Chromium per class, a full node and a fresh
 * browser context per test, signing in, and screenshots. Every wait is one of Playwright's retrying
 * assertions; nothing sleeps.
 */
abstract class BrowserTest {
  /** Long enough for a runner to pick a task up and for the page's auto-refresh (3 s) twice. */
  static final double TIMEOUT_MS = 20_000;

  private static final Path SCREENSHOTS = Path.of("target", "ui-screenshots");

  private static Chromium chromium;

  OrdoNode node;
  Api api;
  private BrowserContext context;
  private final List<Page> pages = new ArrayList<>();

  @RegisterExtension final ScreenshotOnFailure screenshots = new ScreenshotOnFailure(() -> pages);

  @BeforeAll
  static void launchBrowser() {
    PlaywrightAssertions.setDefaultAssertionTimeout(TIMEOUT_MS);
    chromium = Chromium.launch();
  }

  @AfterAll
  static void closeBrowser() {
    if (chromium != null) {
      chromium.close();
    }
  }

  @BeforeEach
  void startNode() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    context = chromium.browser().newContext();
    context.setDefaultTimeout(TIMEOUT_MS);
  }

  @AfterEach
  void stopNode() {
    if (context != null) {
      context.close();
    }
    api.close();
    node.close();
  }

  /** A new tab on /ui/ (through the /ui redirect), before signing in. */
  Page open() {
    Page page = context.newPage();
    pages.add(page);
    page.navigate("http://127.0.0.1:" + node.httpPort() + "/ui");
    assertThat(page).hasURL(Pattern.compile(".*/ui/$"));
    return page;
  }

  /** A new tab signed in with the operator token, on the queues screen. */
  Page signedIn() {
    Page page = open();
    page.getByLabel("Bearer token").fill(TestNode.OPERATOR);
    page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Sign in")).click();
    assertThat(heading(page)).hasText("Queues");
    return page;
  }

  String uiUrl() {
    return "http://127.0.0.1:" + node.httpPort() + "/ui/";
  }

  static void nav(Page page, String section) {
    page.getByRole(AriaRole.NAVIGATION)
        .getByRole(AriaRole.LINK, new Locator.GetByRoleOptions().setName(section))
        .click();
  }

  static Locator heading(Page page) {
    return page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setLevel(1));
  }

  static Locator button(Page page, String name) {
    return page.getByRole(
        AriaRole.BUTTON, new Page.GetByRoleOptions().setName(name).setExact(true));
  }

  static Locator.FilterOptions hasText(String text) {
    return new Locator.FilterOptions().setHasText(text);
  }

  /** Keeps a picture of each step in target/ui-screenshots, to look at the layout. */
  static void snapshot(Page page, String name) {
    page.screenshot(
        new Page.ScreenshotOptions().setPath(SCREENSHOTS.resolve(name + ".png")).setFullPage(true));
  }
}
