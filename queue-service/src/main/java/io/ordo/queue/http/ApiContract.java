package io.ordo.queue.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import io.vertx.openapi.contract.OpenAPIContract;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The API's OpenAPI document ({@link #RESOURCE}, on the class path): its text as written, served at
 * {@code /api/v1/openapi.yaml}, and the contract that requests are validated against, as Vert.x
 * OpenAPI reads it (every reference resolved in place).
 *
 * @param document the document as written
 * @param contract the document as the request validator reads it ({@link #validationModel})
 */
public record ApiContract(String document, OpenAPIContract contract) {
  /** Where the document is on the class path. */
  public static final String RESOURCE = "openapi/ordo-api.yaml";

  /** Reads the document and the contract, as the node does when it mounts the API. */
  public static Future<ApiContract> load(Vertx vertx) {
    return vertx
        .fileSystem()
        .readFile(RESOURCE)
        .compose(
            text ->
                OpenAPIContract.from(vertx, validationModel(text.toString()))
                    .map(contract -> new ApiContract(text.toString(), contract)));
  }

  /**
   * The document as the request validator reads it. Vert.x OpenAPI refuses response media types it
   * cannot validate, such as {@code application/problem+json} and {@code text/event-stream};
   * responses are not validated, so the validator gets them as JSON and text while clients get the
   * document as written.
   */
  static JsonObject validationModel(String yaml) {
    Object model = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    String json =
        Json.encode(model)
            .replace("\"application/problem+json\"", "\"application/json\"")
            .replace("\"text/event-stream\"", "\"text/plain\"");
    return new JsonObject(json);
  }
}
