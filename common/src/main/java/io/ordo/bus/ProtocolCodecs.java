package io.ordo.bus;

import io.vertx.core.eventbus.EventBus;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Registers the runner protocol's records as the event bus's default codecs for their classes
 * ({@link ProtocolCodec}): claims, claimed tasks, report batches and their answers are sent as
 * records. Every verticle that sends or takes them registers them; each event bus once.
 */
public final class ProtocolCodecs {
  private static final List<ProtocolCodec<?>> CODECS =
      List.of(
          new ProtocolCodec<>(ClaimRequest.class, ClaimRequest::toJson, ClaimRequest::fromJson),
          new ProtocolCodec<>(ClaimedTasks.class, ClaimedTasks::toJson, ClaimedTasks::fromJson),
          new ProtocolCodec<>(ReportBatch.class, ReportBatch::toJson, ReportBatch::fromJson),
          new ProtocolCodec<>(
              ReportBatch.Answer.class, ReportBatch.Answer::toJson, ReportBatch.Answer::fromJson));

  // guarded by the class: a verticle must not go on before the codecs are registered
  private static final Set<EventBus> REGISTERED = Collections.newSetFromMap(new WeakHashMap<>());

  private ProtocolCodecs() {}

  /**
   * Registers the codecs on {@code bus} unless they are: the node's verticles start on several
   * event loops at once, and each returns only once they are registered (a claim sent before would
   * find no codec).
   */
  public static synchronized void register(EventBus bus) {
    if (!REGISTERED.contains(bus)) {
      CODECS.forEach(codec -> codec.registerOn(bus));
      REGISTERED.add(bus);
    }
  }

  /** The codec of a protocol record's class. */
  @SuppressWarnings("unchecked")
  static <T> ProtocolCodec<T> codec(Class<T> type) {
    return (ProtocolCodec<T>)
        CODECS.stream().filter(codec -> codec.type() == type).findFirst().orElseThrow();
  }
}
