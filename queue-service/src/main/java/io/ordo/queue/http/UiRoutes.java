package io.ordo.queue.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.StaticHandler;

/**
 * The admin web UI (SPEC 12): static files from {@code webroot/ui} on the class path, served at
 * {@code /ui/}. Loading the page needs no token; the page asks for one and sends it with every API
 * call it makes.
 */
final class UiRoutes {
  static final String PATH = "/ui/";
  private static final String WEB_ROOT = "webroot/ui";

  /**
   * Only this origin's scripts, styles and API; no inline script, no framing. The page builds its
   * DOM with {@code textContent}, so task parameters and ids are never parsed as HTML.
   */
  private static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private UiRoutes() {}

  static void mount(Router router) {
    // A route for "/ui" also matches "/ui/": only the path without the slash is redirected.
    router
        .get("/ui")
        .handler(
            rc -> {
              if ("/ui".equals(rc.request().path())) {
                rc.redirect(PATH);
              } else {
                rc.next();
              }
            });
    router
        .route("/ui/*")
        .handler(
            rc -> {
              rc.response()
                  .putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                  .putHeader("X-Content-Type-Options", "nosniff")
                  .putHeader("Referrer-Policy", "no-referrer");
              rc.next();
            });
    // max-age 0: the browser revalidates (Last-Modified), so a new version shows after an upgrade.
    // GET alone (HEAD is routed as GET): another method of a file is 405, not 404 (ApiRouter).
    router
        .get("/ui/*")
        .handler(StaticHandler.create(WEB_ROOT).setCachingEnabled(true).setMaxAgeSeconds(0));
  }
}
