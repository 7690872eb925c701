package io.ordo.queue.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The methods the node gives each path, for a request no route took: a path it has, asked with
 * another method, is answered 405 with {@code Allow} (RFC 9110, 15.5.6), not 404. The API's paths
 * are read from its document, the others (the operations routes, the API document, the UI) from the
 * node's router; an operations server has only the latter.
 */
final class AllowedMethods {
  private static final Pattern PARAMETER = Pattern.compile("\\{[^/}]+}");

  private record Template(Pattern path, Set<String> methods) {}

  private final String apiBase;
  private final Router router;
  private final List<Template> templates = new ArrayList<>();

  /** The methods of a router that serves no API: its routes'. */
  AllowedMethods(Router router) {
    this(null, null, router);
  }

  /**
   * @param apiBase the path below which the document's paths are served ({@code /api/v1})
   * @param router the node's router, whose own routes name their methods
   */
  AllowedMethods(OpenAPIContract contract, String apiBase, Router router) {
    this.apiBase = apiBase;
    this.router = router;
    if (contract == null) {
      return;
    }
    for (Path path : contract.getPaths()) {
      Set<String> methods = new TreeSet<>();
      for (Operation operation : path.getOperations()) {
        methods.add(operation.getHttpMethod().name());
      }
      templates.add(new Template(regex(path.getName()), methods));
    }
  }

  /**
   * The methods allowed on a path (e.g. {@code /api/v1/serial-queues/q1} or {@code /health/live}),
   * sorted, {@code HEAD} wherever there is {@code GET} (answered as a GET without its body,
   * ApiRouter); empty if the node has no such path.
   */
  Set<String> on(String path) {
    Set<String> methods = new TreeSet<>();
    if (inApi(path)) {
      String relative = path.substring(apiBase.length());
      for (Template template : templates) {
        if (template.path().matcher(relative).matches()) {
          methods.addAll(template.methods());
        }
      }
    }
    for (Route route : router.getRoutes()) {
      if (takes(route, path)) {
        route.methods().forEach(method -> methods.add(method.name()));
      }
    }
    if (methods.contains(HttpMethod.GET.name())) {
      methods.add(HttpMethod.HEAD.name());
    }
    return methods;
  }

  /** Whether the path is below the API's base path (never on a router that serves no API). */
  boolean inApi(String path) {
    return apiBase != null && path.startsWith(apiBase + "/");
  }

  /**
   * Whether a route that names its methods takes the path, as Vert.x Web matches it: an exact path
   * also with a slash after it, a prefix ({@code /ui/*}) also without its last slash. The node has
   * no route of a pattern.
   */
  private static boolean takes(Route route, String path) {
    String routePath = route.getPath();
    if (route.methods() == null
        || route.methods().isEmpty()
        || routePath == null
        || route.isRegexPath()) {
      return false;
    }
    if (route.isExactPath()) {
      return path.equals(routePath) || path.equals(routePath + "/");
    }
    return path.startsWith(routePath)
        || routePath.endsWith("/") && path.equals(routePath.substring(0, routePath.length() - 1));
  }

  /** A template's regular expression: its literal parts as they are, a parameter one segment. */
  private static Pattern regex(String template) {
    StringBuilder regex = new StringBuilder();
    Matcher parameter = PARAMETER.matcher(template);
    int from = 0;
    while (parameter.find()) {
      regex.append(Pattern.quote(template.substring(from, parameter.start()))).append("[^/]+");
      from = parameter.end();
    }
    regex.append(Pattern.quote(template.substring(from)));
    return Pattern.compile(regex.toString());
  }
}
