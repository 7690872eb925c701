import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.Validator;
import io.vertx.openapi.contract.OpenAPIContract;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What the OpenAPI check of one registration body costs the node: a single-file program on the
 * node's jar ({@code java -cp deploy/target/ordo.jar deploy/bench/ValidationCost.java}) that loads
 * the API contract as the node does ({@code ApiRouter.validationModel}), takes the validator of
 * {@code registerParallelTask}'s body schema (the node builds it once, CachedValidatorsContract)
 * and validates the benchmarks' body ({@code {"taskClassName": "Echo", "parameter": {"wrk":
 * true}}}) in rounds of 200,000, printing the microseconds per validation of each round.
 *
 * <p>Vert.x JSON Schema 5.0.10 validates in one method of 9,291 bytes of bytecode, more than
 * HotSpot's limit for compiling a method (8,000), so by default it stays in the interpreter however
 * hot it gets. Run it a second time with {@code -XX:-DontCompileHugeMethods} to see the compiled
 * figure (README, Operating: JVM options).
 */
public final class ValidationCost {
  private static final String BODY =
      "{\"taskClassName\": \"Echo\", \"parameter\": {\"wrk\": true}}";
  private static final int PER_ROUND = 200_000;

  public static void main(String[] args) throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      Validator validator = bodyValidator(vertx, "registerParallelTask");
      for (int round = 1; round <= 6; round++) {
        long start = System.nanoTime();
        for (int i = 0; i < PER_ROUND; i++) {
          if (!validator.validate(new JsonObject(BODY)).getValid()) {
            throw new IllegalStateException("the body did not validate");
          }
        }
        double micros = (System.nanoTime() - start) / 1000.0 / PER_ROUND;
        System.out.printf(Locale.ROOT, "round %d: %.2f µs a validation%n", round, micros);
      }
    } finally {
      vertx.close();
    }
  }

  private static Validator bodyValidator(Vertx vertx, String operationId) throws Exception {
    String yaml;
    try (InputStream in =
        ValidationCost.class.getClassLoader().getResourceAsStream("openapi/ordo-api.yaml")) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Method model =
        Class.forName("io.ordo.queue.http.ApiRouter")
            .getDeclaredMethod("validationModel", String.class);
    model.setAccessible(true);
    OpenAPIContract contract =
        OpenAPIContract.from(vertx, (JsonObject) model.invoke(null, yaml)).await();
    JsonSchema schema =
        contract
            .operation(operationId)
            .getRequestBody()
            .getContent()
            .get("application/json")
            .getSchema();
    return contract.getSchemaRepository().validator(schema);
  }
}
