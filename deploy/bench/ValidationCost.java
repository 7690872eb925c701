import io.ordo.queue.http.ApiContract;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.Validator;
import io.vertx.openapi.contract.OpenAPIContract;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * What the OpenAPI check of one registration body costs the node: a single-file program on the
 * node's jar ({@code java -cp deploy/target/ordo.jar deploy/bench/ValidationCost.java}) that loads
 * the API contract as the node does ({@code ApiContract.load}), takes the validators of {@code
 * registerParallelTask}'s body schema and validates the benchmarks' body ({@code {"taskClassName":
 * "Echo", "parameter": {"wrk": true}}}) in rounds of 200,000, printing the microseconds per
 * validation of each round, for two validators:
 *
 * <ul>
 *   <li>{@code vertx}: Vert.x JSON Schema's, which the node used until it checked requests with
 *       networknt's. It validates in one method of 9,291 bytes of bytecode, more than HotSpot's
 *       limit for compiling a method (8,000), so by default it stays in the interpreter however hot
 *       it gets; run the probe a second time with {@code -XX:-DontCompileHugeMethods} to see it
 *       compiled;
 *   <li>{@code node}: the node's ({@code CompiledSchemaValidator}, networknt's
 *       json-schema-validator).
 * </ul>
 */
public final class ValidationCost {
  private static final String BODY =
      "{\"taskClassName\": \"Echo\", \"parameter\": {\"wrk\": true}}";
  private static final int PER_ROUND = 200_000;

  public static void main(String[] args) throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      OpenAPIContract contract = ApiContract.load(vertx).await().contract();
      JsonSchema schema =
          contract
              .operation("registerParallelTask")
              .getRequestBody()
              .getContent()
              .get("application/json")
              .getSchema();
      measure("vertx", contract.getSchemaRepository().validator(schema));
      Method compiled =
          Class.forName("io.ordo.queue.http.CompiledSchemaValidator")
              .getDeclaredMethod("of", JsonSchema.class);
      compiled.setAccessible(true);
      measure("node", (Validator) compiled.invoke(null, schema));
    } finally {
      vertx.close();
    }
  }

  private static void measure(String name, Validator validator) {
    JsonObject body = new JsonObject(BODY); // neither validator changes what it checks
    for (int round = 1; round <= 6; round++) {
      long start = System.nanoTime();
      for (int i = 0; i < PER_ROUND; i++) {
        if (!validator.validate(body).getValid()) {
          throw new IllegalStateException("the body did not validate");
        }
      }
      double micros = (System.nanoTime() - start) / 1000.0 / PER_ROUND;
      System.out.printf(Locale.ROOT, "%s round %d: %.2f µs a validation%n", name, round, micros);
    }
  }
}
