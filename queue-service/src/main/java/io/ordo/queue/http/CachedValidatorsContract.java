package io.ordo.queue.http;

import io.vertx.core.file.FileSystem;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.json.schema.Validator;
import io.vertx.openapi.contract.OpenAPIContract;
import io.vertx.openapi.contract.OpenAPIVersion;
import io.vertx.openapi.contract.Operation;
import io.vertx.openapi.contract.Parameter;
import io.vertx.openapi.contract.Path;
import io.vertx.openapi.contract.SecurityRequirement;
import io.vertx.openapi.contract.SecurityScheme;
import io.vertx.openapi.contract.Server;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The API contract, with each schema's validator built once. Vert.x OpenAPI 5.0.10 asks the schema
 * repository for a validator for every parameter and body of every request; the contract's schemas
 * are fixed once it is loaded, so one {@link CompiledSchemaValidator} per schema instance serves
 * every request (it keeps no state between validations). Every parameter's and body's schema is
 * compiled here, as the contract is wrapped: a schema that cannot be compiled fails the node's
 * start rather than its requests, and no request pays for a compilation. Vert.x's own validator,
 * which the repository would build (copying its whole schema map each time), runs in the
 * interpreter (CompiledSchemaValidator).
 */
final class CachedValidatorsContract implements OpenAPIContract {
  private final OpenAPIContract contract;
  private final SchemaRepository repository;

  /**
   * @throws IllegalArgumentException if a parameter's or a body's schema cannot be compiled, naming
   *     the operation and the schema's place
   */
  CachedValidatorsContract(OpenAPIContract contract) {
    this.contract = contract;
    Map<JsonSchema, Validator> validators = new IdentityHashMap<>();
    for (Operation operation : contract.operations()) {
      for (Parameter parameter : operation.getParameters()) {
        compile(validators, parameter.getSchema(), operation, InvalidParameter.place(parameter));
      }
      if (operation.getRequestBody() != null) {
        operation
            .getRequestBody()
            .getContent()
            .forEach(
                (type, media) ->
                    compile(validators, media.getSchema(), operation, "request body " + type));
      }
    }
    this.repository = new CachingRepository(contract.getSchemaRepository(), validators);
  }

  private static void compile(
      Map<JsonSchema, Validator> validators, JsonSchema schema, Operation operation, String place) {
    try {
      validators.put(schema, CompiledSchemaValidator.of(schema));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "the schema of " + operation.getOperationId() + "'s " + place + ": " + e.getMessage(), e);
    }
  }

  @Override
  public SchemaRepository getSchemaRepository() {
    return repository;
  }

  @Override
  public Operation operation(String operationId) {
    return contract.operation(operationId);
  }

  @Override
  public List<Operation> operations() {
    return contract.operations();
  }

  @Override
  public List<Path> getPaths() {
    return contract.getPaths();
  }

  @Override
  public JsonObject getRawContract() {
    return contract.getRawContract();
  }

  @Override
  public OpenAPIVersion getVersion() {
    return contract.getVersion();
  }

  @Override
  public List<Server> getServers() {
    return contract.getServers();
  }

  @Override
  public Path findPath(String urlPath) {
    return contract.findPath(urlPath);
  }

  @Override
  public Operation findOperation(String urlPath, HttpMethod method) {
    return contract.findOperation(urlPath, method);
  }

  @Override
  public List<SecurityRequirement> getSecurityRequirements() {
    return contract.getSecurityRequirements();
  }

  @Override
  public SecurityScheme securityScheme(String name) {
    return contract.securityScheme(name);
  }

  /**
   * The contract's repository, answering with the validator compiled for each schema instance of
   * the contract's parameters and bodies (the contract hands out the same instances to every
   * request); read-only once built, so the event loops share it without locking.
   */
  private static final class CachingRepository implements SchemaRepository {
    private final SchemaRepository repository;
    private final Map<JsonSchema, Validator> validators;

    CachingRepository(SchemaRepository repository, Map<JsonSchema, Validator> validators) {
      this.repository = repository;
      this.validators = validators;
    }

    /** The schema's validator; one of no parameter or body of the contract is compiled anew. */
    @Override
    public Validator validator(JsonSchema schema) {
      Validator validator = validators.get(schema);
      return validator != null ? validator : CompiledSchemaValidator.of(schema);
    }

    /**
     * Vert.x's validator of a schema named by reference: Vert.x OpenAPI asks for one only to check
     * the document against its meta-schema while it loads it, on the repository underneath, before
     * this one exists; requests ask by schema ({@link #validator(JsonSchema)}).
     */
    @Override
    public Validator validator(String ref) {
      return repository.validator(ref);
    }

    @Override
    public Validator validator(String ref, JsonSchemaOptions options) {
      return repository.validator(ref, options);
    }

    @Override
    public Validator validator(JsonSchema schema, JsonSchemaOptions options, boolean dereference) {
      return repository.validator(schema, options, dereference);
    }

    @Override
    public SchemaRepository dereference(JsonSchema schema) {
      repository.dereference(schema);
      return this;
    }

    @Override
    public SchemaRepository dereference(String uri, JsonSchema schema) {
      repository.dereference(uri, schema);
      return this;
    }

    @Override
    public SchemaRepository preloadMetaSchema(FileSystem fs) {
      repository.preloadMetaSchema(fs);
      return this;
    }

    @Override
    public SchemaRepository preloadMetaSchema(FileSystem fs, Draft draft) {
      repository.preloadMetaSchema(fs, draft);
      return this;
    }

    @Override
    public JsonObject resolve(JsonObject schema) {
      return repository.resolve(schema);
    }

    @Override
    public JsonSchema find(String pointer) {
      return repository.find(pointer);
    }
  }
}
