package io.ordo.parameter;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.json.jackson.JacksonCodec;
import java.util.List;
import java.util.Map;

/**
 * JSON text decoded as Vert.x holds it, with a member named twice in one object refused (RFC 8259
 * leaves such an object's meaning open, and a last-one-wins reading let {@code
 * {"active":true,"active":false}} deactivate a queue) and comments refused (Vert.x's parser factory
 * allows C and C++ comments, which are no JSON; the parser's feature, so refusing them costs
 * nothing): a request's body, and a definition sent as a string inside one.
 */
public final class StrictJson {
  /** How Jackson begins the message of a member named twice (STRICT_DUPLICATE_DETECTION). */
  private static final String DUPLICATE = "Duplicate field '";

  private StrictJson() {}

  /**
   * @throws DecodeException if the text is no JSON (comments included), nests too deep, or names a
   *     member twice ({@link #duplicateMember})
   */
  public static Object decode(Buffer text) {
    JsonParser parser = JacksonCodec.createParser(text);
    parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    parser.disable(JsonParser.Feature.ALLOW_COMMENTS);
    Object value = JacksonCodec.fromParser(parser, Object.class);
    if (value instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> members = (Map<String, Object>) map;
      return new JsonObject(members);
    }
    return value instanceof List<?> list ? new JsonArray(list) : value;
  }

  /**
   * Why a refused text was refused, if it named a member twice: "names the member 'x' twice in one
   * object; name each member once"; null if that was not the refusal.
   */
  public static String namedTwice(DecodeException e) {
    String name = duplicateMember(e);
    return name == null
        ? null
        : "names the member '"
            + InputValues.printable(name)
            + "' twice in one object; name each member once";
  }

  /** The member a refused text named twice in one object, or null if that was not the refusal. */
  private static String duplicateMember(DecodeException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof JsonProcessingException jackson
          && jackson.getOriginalMessage().startsWith(DUPLICATE)
          && jackson.getOriginalMessage().endsWith("'")) {
        String original = jackson.getOriginalMessage();
        return original.substring(DUPLICATE.length(), original.length() - 1);
      }
    }
    return null;
  }
}
