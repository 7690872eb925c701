package io.ordo.deploy.ui;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Saves a full-page screenshot of every open page when a test fails, into {@code
 * target/ui-failures/} of the module, before {@code @AfterEach} closes the browser.
 */
final class ScreenshotOnFailure implements AfterTestExecutionCallback {
  static final Path DIRECTORY = Path.of("target", "ui-failures");

  private final Supplier<List<Page>> pages;

  ScreenshotOnFailure(Supplier<List<Page>> pages) {
    this.pages = pages;
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isEmpty()) {
      return;
    }
    int n = 0;
    for (Page page : pages.get()) {
      Path file =
          DIRECTORY.resolve(
              context.getRequiredTestClass().getSimpleName()
                  + "-"
                  + context.getRequiredTestMethod().getName()
                  + "-"
                  + n++
                  + ".png");
      try {
        page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true));
        System.err.println("UI test failed; screenshot: " + file.toAbsolutePath());
      } catch (RuntimeException e) {
        System.err.println("UI test failed; no screenshot of page " + n + ": " + e);
      }
    }
  }
}
