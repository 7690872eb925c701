package io.ordo.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.MessageCodec;
import io.vertx.core.json.JsonObject;
import java.util.function.Function;

/**
 * The event-bus codec of one runner-protocol record: handed over as it is to a consumer in the same
 * JVM (the all-in-one node: no JSON written, parsed or deep-copied per claim and report), and as
 * its JSON to another node of the farm. The records are immutable, and their JSON parts are not
 * changed once sent.
 *
 * @param <T> the record
 */
final class ProtocolCodec<T> implements MessageCodec<T, T> {
  private final Class<T> type;
  private final String name;
  private final Function<T, JsonObject> toJson;
  private final Function<JsonObject, T> fromJson;

  ProtocolCodec(Class<T> type, Function<T, JsonObject> toJson, Function<JsonObject, T> fromJson) {
    this.type = type;
    this.name = "ordo." + type.getSimpleName();
    this.toJson = toJson;
    this.fromJson = fromJson;
  }

  Class<T> type() {
    return type;
  }

  /** Becomes the bus's codec for {@link #type}, by default. */
  void registerOn(EventBus bus) {
    bus.registerDefaultCodec(type, this);
  }

  @Override
  public void encodeToWire(Buffer buffer, T value) {
    Buffer json = toJson.apply(value).toBuffer();
    buffer.appendInt(json.length());
    buffer.appendBuffer(json);
  }

  @Override
  public T decodeFromWire(int pos, Buffer buffer) {
    int length = buffer.getInt(pos);
    int start = pos + Integer.BYTES;
    return fromJson.apply(new JsonObject(buffer.getBuffer(start, start + length)));
  }

  @Override
  public T transform(T value) {
    return value;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public byte systemCodecID() {
    return -1;
  }
}
