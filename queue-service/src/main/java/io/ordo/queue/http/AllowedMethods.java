package io.ordo.queue.http;

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
 * The methods the API document gives each path, for a request no route took: a path the API has,
 * asked with another method, is answered 405 with {@code Allow} (RFC 9110, 15.5.6), not 404.
 */
final class AllowedMethods {
  private static final Pattern PARAMETER = Pattern.compile("\\{[^/}]+}");

  private record Template(Pattern path, Set<String> methods) {}

  private final List<Template> templates = new ArrayList<>();

  /** The templates of the document's paths (relative to the API's base path). */
  AllowedMethods(OpenAPIContract contract) {
    for (Path path : contract.getPaths()) {
      Set<String> methods = new TreeSet<>();
      for (Operation operation : path.getOperations()) {
        methods.add(operation.getHttpMethod().name());
      }
      if (methods.contains("GET")) {
        methods.add("HEAD"); // answered as GET without its body (ApiRouter)
      }
      templates.add(new Template(regex(path.getName()), methods));
    }
  }

  /**
   * The methods allowed on a path below the API's base path (e.g. {@code /serial-queues/q1}),
   * sorted; empty if the API has no such path.
   */
  Set<String> on(String path) {
    Set<String> methods = new TreeSet<>();
    for (Template template : templates) {
      if (template.path().matcher(path).matches()) {
        methods.addAll(template.methods());
      }
    }
    return methods;
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
