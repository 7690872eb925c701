package io.ordo.deploy.ui;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The system's headless Chromium driven by Playwright. Playwright never downloads a browser here:
 * the machines have Debian's {@code chromium} ({@code apt-get install -y --no-install-recommends
 * chromium}) and no access to Playwright's browser builds.
 */
final class Chromium implements AutoCloseable {
  static final Path EXECUTABLE = Path.of("/usr/bin/chromium");

  private static final List<String> ARGS =
      List.of(
          "--no-sandbox", // tests run as root in a container, where the sandbox cannot start
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync");

  private final Playwright playwright;
  private final Browser browser;

  private Chromium(Playwright playwright, Browser browser) {
    this.playwright = playwright;
    this.browser = browser;
  }

  static Chromium launch() {
    if (!Files.isExecutable(EXECUTABLE)) {
      throw new IllegalStateException(
          EXECUTABLE
              + " is missing: install it with"
              + " apt-get install -y --no-install-recommends chromium");
    }
    Playwright playwright =
        Playwright.create(
            new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    try {
      Browser browser =
          playwright
              .chromium()
              .launch(
                  new BrowserType.LaunchOptions()
                      .setExecutablePath(EXECUTABLE)
                      .setHeadless(true)
                      .setArgs(ARGS));
      return new Chromium(playwright, browser);
    } catch (RuntimeException e) {
      playwright.close();
      throw e;
    }
  }

  Browser browser() {
    return browser;
  }

  @Override
  public void close() {
    browser.close();
    playwright.close();
  }
}
